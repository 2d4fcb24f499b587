"""Terminal tables, a markdown report and one self-contained HTML report of a run.

Plots are drawn with matplotlib's Agg backend (no display, no browser) and embedded in the
HTML as base64 PNG, so the file opens anywhere with no network.
"""

import base64
import html
import io
import math
from pathlib import Path

from tcgsim.reports.aggregate import JobResult, RunResults


def pct(x: float) -> str:
    return "n/a" if x is None or math.isnan(x) else f"{100 * x:.1f} %"


def ci(lo: float, hi: float) -> str:
    return f"{100 * lo:.1f} - {100 * hi:.1f}"


def signed(x: float) -> str:
    return f"{100 * x:+.1f} pts"


def text_table(headers: list[str], rows: list[list[str]]) -> str:
    """A plain aligned table: text columns left, numbers right."""
    cols = list(zip(headers, *rows, strict=True)) if rows else [(h,) for h in headers]
    widths = [max(len(str(c)) for c in col) for col in cols]

    def numeric(i: int) -> bool:
        return all(str(r[i])[:1].isdigit() or str(r[i])[:1] in "+-" for r in rows) if rows \
            else False

    def fmt(row: list[str]) -> str:
        return "  ".join(str(v).rjust(w) if numeric(i) else str(v).ljust(w)
                         for i, (v, w) in enumerate(zip(row, widths, strict=True))).rstrip()

    return "\n".join([fmt(headers), "  ".join("-" * w for w in widths)] + [fmt(r) for r in rows])


def md_table(headers: list[str], rows: list[list[str]]) -> str:
    lines = ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
    lines += ["| " + " | ".join(str(v) for v in r) + " |" for r in rows]
    return "\n".join(lines)


def html_table(headers: list[str], rows: list[list[str]]) -> str:
    head = "".join(f"<th>{html.escape(h)}</th>" for h in headers)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(str(v))}</td>" for v in r) + "</tr>"
                   for r in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


# -- the tables of a report -------------------------------------------------------------------


def _label_a(j: JobResult) -> str:
    return j.variant or j.deck_a


def _short(name: str) -> str:
    """A deck name short enough for a plot's tick label or panel title."""
    from tcgsim.simcore.decks import short_name

    return short_name(name, 24)


LOW_TEXT = 0.8  # a deck playing less of its card text than this is flagged in the tables


def text_share(c: dict | None) -> tuple[str, bool]:
    """A deck's card text played, for a table cell ("96 % (strict 90 %)", "Leader 1 of 2"
    when its Leader's is not all), and whether it is below LOW_TEXT."""
    if c is None:
        return "-", False
    if c["total"] == 0:
        return ("text unknown" if c["unknown"] else "no text"), False
    share = c["modelled"] / c["total"]
    cell = f"{100 * share:.0f} %"
    if c["strict"] < c["modelled"]:
        cell += f" (strict {100 * c['strict'] / c['total']:.0f} %)"
    if c["leader_modelled"] < c["leader_total"]:
        cell += f", Leader {c['leader_modelled']} of {c['leader_total']}"
    return cell, share < LOW_TEXT or (c["leader_total"] > 0 and c["leader_modelled"] == 0)


def has_text_shares(res: RunResults) -> bool:
    return any(j.coverage_a is not None or j.coverage_b is not None for j in res.jobs)


def text_columns(j: JobResult) -> list[str]:
    """The two "text played" cells of a pairing, a flagged deck marked with "(!)"."""
    cells = []
    for c in (j.coverage_a, j.coverage_b):
        cell, low = text_share(c)
        cells.append(cell + (" (!)" if low else ""))
    return cells


def matchup_rows(res: RunResults) -> tuple[list[str], list[list[str]]]:
    h = ["deck A", "deck B", "games", "win rate A", "95 % CI", "stopped"]
    shares = has_text_shares(res)
    if shares:
        h += ["text played A", "text played B"]
    rows = [[_label_a(j), j.deck_b, f"{j.games:,}", pct(j.rate), ci(*j.ci), j.stopped or "-"]
            + (text_columns(j) if shares else []) for j in res.jobs]
    return h, rows


def text_note(res: RunResults) -> str:
    """What the "text played" columns mean, and which decks are flagged; "" without them."""
    if not has_text_shares(res):
        return ""
    mode = res.manifest.get("effects", "approx")
    low = sorted({name for j in res.jobs for name, c in ((_label_a(j), j.coverage_a),
                                                         (j.deck_b, j.coverage_b))
                  if text_share(c)[1]})
    note = (f"Text played: the share of each deck's card abilities the engine plays with "
            f"--effects {mode} (docs/effects.md; `tcgsim deck check` lists them).")
    if low:
        note += (f" (!) marks a deck below {100 * LOW_TEXT:.0f} %, or whose Leader's text "
                 f"does not play at all: its win rates leave that text out ({', '.join(low)}).")
    return note


def seat_rows(res: RunResults) -> tuple[list[str], list[list[str]]]:
    h = ["deck A", "deck B", "A first", "95 % CI", "A second", "95 % CI", "first - second",
         "95 % CI", "p", "significant", "first seat wins"]
    rows = []
    for j in res.jobs:
        d = j.first_vs_second
        rows.append([_label_a(j), j.deck_b, pct(j.first_rate), ci(*j.first_ci),
                     pct(j.second_rate), ci(*j.second_ci), signed(d.mean),
                     f"{100 * d.lo:+.1f} - {100 * d.hi:+.1f}", f"{d.p_value:.3g}",
                     "yes" if d.significant else "no", pct(j.first_seat)])
    return h, rows


def variant_rows(res: RunResults) -> tuple[list[str], list[list[str]]]:
    h = ["rank", "deck A", "win rate vs field", "95 % CI", "games", "status"]
    paired = any(v.vs_best is not None for v in res.variants)
    if paired:
        h += ["vs #1 (paired)", "95 % CI"]
    rows = []
    for i, v in enumerate(res.variants):
        row = [str(i + 1), v.variant or res.manifest.get("deck") or "", pct(v.rate),
               ci(v.lo, v.hi), f"{v.games:,}", "eliminated" if v.eliminated else "kept"]
        if paired:
            d = v.vs_best
            row += ["-", "-"] if d is None or i == 0 else \
                [signed(d.mean), f"{100 * d.lo:+.1f} - {100 * d.hi:+.1f}"]
        rows.append(row)
    return h, rows


def trial_rows(res: RunResults) -> tuple[list[str], list[list[str]]]:
    h = ["trial", "counts", "win rate vs field", "95 % CI", "note"]
    rows = []
    for t in res.manifest.get("trials", []):
        if "illegal" in t:
            rows.append([str(t["trial"]), ",".join(map(str, t["values"])), "-", "-",
                         t["illegal"]])
        else:
            rows.append([str(t["trial"]), t["variant"], pct(t["rate"]), ci(t["lo"], t["hi"]),
                         ""])
    return h, rows


def reason_rows(res: RunResults) -> tuple[list[str], list[list[str]]]:
    names = sorted({r for j in res.jobs for r in j.reasons})
    h = ["deck A", "deck B", "mean turns", "draws", "errors"] + names
    rows = [[_label_a(j), j.deck_b, f"{j.mean_turns:.2f}", f"{j.draws:,}", f"{j.errors:,}"]
            + [pct(j.reasons.get(n, 0) / j.games) for n in names] for j in res.jobs]
    return h, rows


def stat_rows(res: RunResults) -> tuple[list[str], list[list[str]]]:
    stats = sorted({c[:-2] for j in res.jobs for c in j.stats})
    h = ["deck A", "deck B"] + [f"{s} A / B" for s in stats]
    rows = [[_label_a(j), j.deck_b]
            + [f"{j.stats[s + '_a']:.2f} / {j.stats[s + '_b']:.2f}" for s in stats]
            for j in res.jobs]
    return h, rows


def matrix(res: RunResults) -> tuple[list[str], list[str], list[list[float]]]:
    """Rows: deck A (or variant); columns: deck B; cell: A's win rate (round robins filled
    both ways, B's row being 1 - A's rate)."""
    rr = res.manifest["experiment"]["kind"] == "round-robin"
    rows_l: list[str] = []
    cols_l: list[str] = []
    for j in res.jobs:
        a = _label_a(j)
        if a not in rows_l:
            rows_l.append(a)
        if j.deck_b not in cols_l:
            cols_l.append(j.deck_b)
        if rr:
            for x in (j.deck_b,):
                if x not in rows_l:
                    rows_l.append(x)
            if a not in cols_l:
                cols_l.append(a)
    if rr:
        cols_l = rows_l = sorted(set(rows_l) | set(cols_l), key=(rows_l + cols_l).index)
    m = [[float("nan")] * len(cols_l) for _ in rows_l]
    for j in res.jobs:
        a = _label_a(j)
        m[rows_l.index(a)][cols_l.index(j.deck_b)] = j.rate
        if rr:
            m[rows_l.index(j.deck_b)][cols_l.index(a)] = 1 - j.rate
    return rows_l, cols_l, m


def summary_lines(res: RunResults) -> list[str]:
    m = res.manifest
    s = m.get("sessions", [])
    wall = sum(x["wall_seconds"] for x in s)
    eng = sum(x["engine_seconds"] for x in s)
    lines = [f"{m['experiment']['name']} ({m['experiment']['kind']}, {m['game_title']}): "
             f"{res.games:,} games, seed {m['seed']}, card text {m.get('effects', 'approx')}, "
             f"status {m['status']}"]
    if wall > 0:
        lines.append(f"time: {wall:.1f} s in {len(s)} session(s), {100 * eng / wall:.0f} % "
                     "in the engine")
    return lines


def terminal(res: RunResults) -> str:
    """The terminal summary of a run: rankings, matchups, seats, decisions."""
    out = summary_lines(res) + [""]
    kind = res.manifest["experiment"]["kind"]
    if kind in ("sweep", "tune") or (kind == "matchup" and len(res.jobs) > 1):
        out += ["Against the field (weighted), ranked by the lower bound of the interval:",
                text_table(*variant_rows(res)), ""]
    if kind == "tune":
        out += ["Optuna trials (in order):", text_table(*trial_rows(res)), ""]
    out += ["Win rates:", text_table(*matchup_rows(res)), ""]
    if text_note(res):
        out += [text_note(res), ""]
    if kind == "round-robin":
        rl, cl, m = matrix(res)
        out += ["Matrix (row deck's win rate against column deck):",
                text_table(["deck"] + cl, [[r] + ["-" if math.isnan(x) else pct(x)
                                               for x in row] for r, row in zip(rl, m,
                                                                                strict=True)]),
                ""]
    if kind in ("first-second", "matchup", "round-robin"):
        out += ["Going first vs going second (paired games: same shuffles, seats swapped):",
                text_table(*seat_rows(res)), ""]
    for d in res.manifest.get("decisions", []):
        out.append(f"decision: {d}")
    return "\n".join(out).rstrip() + "\n"


# -- plots ------------------------------------------------------------------------------------


def _png(fig) -> str:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=100, bbox_inches="tight")
    import matplotlib.pyplot as plt

    plt.close(fig)
    return base64.b64encode(buf.getvalue()).decode()


def plots(res: RunResults) -> dict[str, tuple[str, str]]:
    """Plot id -> (title, base64 PNG)."""
    return {key: (title, _png(fig)) for key, (title, fig) in figures(res).items()}


def zoomed_limits(lows: list[float], highs: list[float], pad: float = 0.25) -> tuple[float, float]:
    """Y limits around the intervals (a quarter of their span on each side, at least 2
    points), inside [0, 1]: a 4-point gap between seats stays visible."""
    lo, hi = min(lows), max(highs)
    margin = max(pad * (hi - lo), 0.02)
    return max(0.0, lo - margin), min(1.0, hi + margin)


def _legend_outside(ax) -> None:
    """The legend right of the axes, where it covers no data."""
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=8, borderaxespad=0.0)


def figures(res: RunResults) -> dict[str, tuple[str, object]]:
    """Plot id -> (title, matplotlib Figure): win rate against the count (sweeps, tunes),
    each seat's win rate with its interval, the matchup heat map, game lengths."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.ticker import MaxNLocator, PercentFormatter

    out: dict[str, tuple[str, object]] = {}
    kind = res.manifest["experiment"]["kind"]
    if kind in ("sweep", "tune") and res.variants:
        dims = list(res.variants[0].counts)
        fig, axes = plt.subplots(1, len(dims), figsize=(5.5 * len(dims) + 1.5, 3.6),
                                 squeeze=False)
        for ax, dim in zip(axes[0], dims, strict=True):
            pts = sorted((v.counts[dim], v.rate, v.lo, v.hi) for v in res.variants)
            xs = [p[0] for p in pts]
            if kind == "sweep":
                ax.fill_between(xs, [p[2] for p in pts], [p[3] for p in pts], alpha=0.25,
                                label="95 % interval")
                ax.plot(xs, [p[1] for p in pts], "o-", label="win rate vs field")
            else:
                ax.errorbar(xs, [p[1] for p in pts],
                            yerr=[[p[1] - p[2] for p in pts], [p[3] - p[1] for p in pts]],
                            fmt="o", capsize=3, label="trial (95 % interval)")
            ax.xaxis.set_major_locator(MaxNLocator(integer=True))
            ax.yaxis.set_major_formatter(PercentFormatter(1.0))
            ax.set_xlabel(f"copies: {dim}")
            ax.set_ylabel("win rate vs field")
            _legend_outside(ax)
            ax.grid(alpha=0.3)
        fig.tight_layout()
        out["ratio"] = ("Win rate against the count", fig)

    jobs = res.jobs[:24]
    fig, ax = plt.subplots(figsize=(max(5.5, 0.9 * len(jobs) + 3.5), 3.6))
    xs = range(len(jobs))
    lows, highs = [], []
    for off, lab, rate, cis, mark in ((-0.12, "going first", "first_rate", "first_ci", "o"),
                                      (0.12, "going second", "second_rate", "second_ci", "s")):
        vals = [getattr(j, rate) for j in jobs]
        ci = [getattr(j, cis) for j in jobs]
        lows += [c[0] for c in ci]
        highs += [c[1] for c in ci]
        ax.errorbar([x + off for x in xs], vals,
                    yerr=[[v - c[0] for v, c in zip(vals, ci, strict=True)],
                          [c[1] - v for v, c in zip(vals, ci, strict=True)]],
                    fmt=mark, capsize=4, label=f"{lab} (95 % interval)")
    ymin, ymax = zoomed_limits(lows, highs)
    ax.set_ylim(ymin, ymax)
    if ymin < 0.5 < ymax:
        ax.axhline(0.5, color="grey", lw=0.8)
    ax.yaxis.set_major_formatter(PercentFormatter(1.0))
    ax.set_xticks(list(xs), [f"{_short(_label_a(j))}\nvs {_short(j.deck_b)}" for j in jobs],
                  fontsize=7, rotation=30, ha="right")
    ax.set_xlim(-0.6, len(jobs) - 0.4)
    ax.set_ylabel("win rate of deck A")
    ax.grid(axis="y", alpha=0.3)
    _legend_outside(ax)
    fig.tight_layout()
    out["seats"] = ("Going first and going second (95 % intervals; the axis is zoomed "
                    "around them)", fig)

    rl, cl, m = matrix(res)
    fig, ax = plt.subplots(figsize=(1.3 * len(cl) + 3, 0.5 * len(rl) + 2))
    # PuOr: a diverging map readable with the common colour-vision deficiencies (no red
    # against green), centred on 50 %
    im = ax.imshow(m, cmap="PuOr", vmin=0, vmax=1, aspect="auto")
    ax.set_xticks(range(len(cl)), [_short(c) for c in cl], rotation=30, ha="right",
                  fontsize=8)
    ax.set_yticks(range(len(rl)), [_short(r) for r in rl], fontsize=8)
    for i, row in enumerate(m):
        for k, v in enumerate(row):
            if not math.isnan(v):
                ax.text(k, i, f"{100 * v:.1f} %", ha="center", va="center", fontsize=8,
                        color="white" if abs(v - 0.5) > 0.3 else "black")
    bar = fig.colorbar(im, ax=ax, label="win rate of row deck")
    bar.ax.yaxis.set_major_formatter(PercentFormatter(1.0))
    out["heatmap"] = ("Matchup heat map", fig)

    shown = jobs[:8]
    cols = min(len(shown), 4)
    rows = -(-len(shown) // cols)
    fig, axes = plt.subplots(rows, cols, figsize=(3.2 * cols, 2.4 * rows), sharex=True,
                             sharey=True, squeeze=False)
    for ax, j in zip(axes.flat, shown, strict=False):
        t = res.turns.filter(res.turns["job"] == j.id)
        total = t["games"].sum()
        ax.step(t["turns"].to_list(), [g / total for g in t["games"].to_list()],
                where="mid")
        ax.set_title(f"{_short(_label_a(j))}\nvs {_short(j.deck_b)}", fontsize=8)
        ax.yaxis.set_major_formatter(PercentFormatter(1.0))
        ax.grid(alpha=0.3)
    for ax in list(axes.flat)[len(shown):]:
        ax.set_visible(False)
    for ax in axes[-1]:
        ax.set_xlabel("turns")
    for ax in axes[:, 0]:
        ax.set_ylabel("share of games")
    fig.tight_layout()
    out["turns"] = ("Game length (turns), one panel per pairing", fig)
    return out


# -- files ------------------------------------------------------------------------------------


def sections(res: RunResults) -> list[tuple[str, tuple[list[str], list[list[str]]]]]:
    kind = res.manifest["experiment"]["kind"]
    out = []
    if res.variants and (kind in ("sweep", "tune") or len(res.jobs) > 1):
        out.append(("Against the field, ranked by the lower bound", variant_rows(res)))
    if kind == "tune":
        out.append(("Optuna trials (in order)", trial_rows(res)))
    out.append(("Win rates", matchup_rows(res)))
    out.append(("Going first vs going second", seat_rows(res)))
    out.append(("End reasons and game length", reason_rows(res)))
    out.append(("Mean per-game statistics", stat_rows(res)))
    return out


NOTES = ("Win rates are deck A's, a draw counting half. Intervals are 95 %: Wilson, or "
         "Clopper-Pearson near 0 or 100 %; against a weighted field, a normal interval of the "
         "weighted mean. Games come in pairs that share every shuffle with the seats swapped; "
         "first - second is the mean paired difference with its normal interval and p-value.")


def markdown(res: RunResults) -> str:
    m = res.manifest
    lines = [f"# {m['experiment']['name']}", ""] + [f"{s}  " for s in summary_lines(res)]
    lines += ["", NOTES, ""] + ([text_note(res), ""] if text_note(res) else [])
    for title, (h, rows) in sections(res):
        lines += [f"## {title}", "", md_table(h, rows), ""]
    if m["experiment"]["kind"] == "round-robin":
        rl, cl, mx = matrix(res)
        lines += ["## Matrix", "", md_table(["deck"] + cl, [
            [r] + ["-" if math.isnan(x) else pct(x) for x in row]
            for r, row in zip(rl, mx, strict=True)]), ""]
    if m.get("decisions"):
        lines += ["## Decisions", ""] + [f"- {d}" for d in m["decisions"]] + [""]
    lines += ["## Plots", "", "See report.html (win rate against the count, seat bars, heat "
              "map, turn distribution).", ""]
    v = m["versions"]
    lines += ["## Run", "", f"Versions: {', '.join(f'{k} {x}' for k, x in v.items())}.", ""]
    return "\n".join(lines)


CSS = """body{font-family:sans-serif;max-width:1100px;margin:2em auto;color:#222}
table{border-collapse:collapse;margin:0.5em 0 1.5em;font-size:13px}
td,th{border:1px solid #ccc;padding:3px 8px;text-align:right}th{background:#eee}
td:first-child,td:nth-child(2){text-align:left}img{max-width:100%}"""


def html_report(res: RunResults, figs: dict[str, tuple[str, str]]) -> str:
    m = res.manifest
    title = html.escape(m["experiment"]["name"])
    parts = [f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>{title}</title>"
             f"<style>{CSS}</style></head><body><h1>{title}</h1>"]
    parts += [f"<p>{html.escape(s)}</p>" for s in summary_lines(res)]
    parts.append(f"<p>{html.escape(NOTES)}</p>")
    if text_note(res):
        parts.append(f"<p>{html.escape(text_note(res))}</p>")
    for title_s, (h, rows) in sections(res):
        parts.append(f"<h2>{html.escape(title_s)}</h2>{html_table(h, rows)}")
    if m.get("decisions"):
        parts.append("<h2>Decisions</h2><ul>" + "".join(
            f"<li>{html.escape(d)}</li>" for d in m["decisions"]) + "</ul>")
    for pid, (t, png) in figs.items():
        parts.append(f"<h2>{html.escape(t)}</h2><img id='plot-{pid}' alt='{html.escape(t)}' "
                     f"src='data:image/png;base64,{png}'>")
    parts.append("</body></html>")
    return "\n".join(parts)


def write_report(res: RunResults, out_dir: Path) -> tuple[Path, Path]:
    out_dir.mkdir(parents=True, exist_ok=True)
    md = out_dir / "report.md"
    ht = out_dir / "report.html"
    md.write_text(markdown(res))
    ht.write_text(html_report(res, plots(res)))
    return md, ht
