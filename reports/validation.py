"""The agreement of simulated with real results (experiments.validate) as terminal text, a
markdown and a self-contained HTML report with scatter plots, and as records for polars."""

from __future__ import annotations

import html
import math
from pathlib import Path

import numpy as np

from tcgsim.reports.agreement import Agreement
from tcgsim.reports.render import CSS, _png, html_table, md_table, text_table


def _pct(x: float) -> str:
    return "n/a" if x is None or not math.isfinite(x) else f"{100 * x:.1f} %"


def _pp(x: float) -> str:
    return "n/a" if not math.isfinite(x) else f"{100 * x:+.1f}"


def _r(x: float) -> str:
    return "n/a" if not math.isfinite(x) else f"{x:+.2f}"


def _ci(lo_hi: tuple[float, float]) -> str:
    lo, hi = lo_hi
    return "n/a" if not (math.isfinite(lo) and math.isfinite(hi)) else f"{lo:+.2f} to {hi:+.2f}"


def summary_records(res) -> list[dict]:
    """One record per (strategy, effects): every agreement figure, rates as fractions."""
    out = []
    for s in res.settings:
        a = res.runs.get(s.label)
        if a is None:
            continue
        out.append({
            "strategy": s.strategy, "effects": s.effects, "games_per_pairing": res.games,
            "field_rank_r": a.spearman, "field_rank_r_low": a.spearman_ci[0],
            "field_rank_r_high": a.spearman_ci[1], "field_r": a.pearson,
            "field_r_low": a.pearson_ci[0], "field_r_high": a.pearson_ci[1],
            "pairing_r": a.pair_r, "pairing_p": a.pair_p, "pairings": a.pairs,
            "pairing_mae": a.mae, "pairing_mae_constant": a.mae_constant,
            "field_mae": a.field_mae, "field_mae_constant": a.field_mae_constant,
            "same_favourite": a.same_favourite, "field_sd_real": a.sd_real,
            "field_sd_sim": a.sd_sim, "spread_ratio": a.spread_ratio,
            "first_real": a.first_real, "first_sim": a.first_sim,
            "mirror_first_real": a.mirror_first_real, "mirror_first_sim": a.mirror_first_sim,
            "first_pairing_r": a.first_pair_r, "first_pairing_mae": a.first_pair_mae,
            "first_advantage_r": a.adv_r, "first_advantage_r_low": a.adv_r_ci[0],
            "first_advantage_r_high": a.adv_r_ci[1],
            "targets_met": sum(t.passed for t in a.targets), "targets": len(a.targets)})
    return out


def leader_records(res) -> list[dict]:
    """One record per (strategy, effects, Leader)."""
    out = []
    for s in res.settings:
        a = res.runs.get(s.label)
        if a is None:
            continue
        cov = res.coverage.get(s.effects, {})
        rr, sr = _ranks(a.real_field), _ranks(a.sim_field)
        for i, code in enumerate(a.leaders):
            out.append({"strategy": s.strategy, "effects": s.effects, "leader": code,
                        "name": a.names[i], "share": float(a.shares[i]),
                        "modelled": cov.get(code, (float("nan"), 0, 0))[0],
                        "leader_modelled": cov.get(code, (float("nan"), 0, 0))[1],
                        "leader_abilities": cov.get(code, (float("nan"), 0, 0))[2],
                        "real_field": a.real_field[i], "sim_field": a.sim_field[i],
                        "real_rank": int(rr[i]), "sim_rank": int(sr[i]),
                        "real_first_advantage": a.adv_real[i],
                        "sim_first_advantage": a.adv_sim[i]})
    return out


def _ranks(x: np.ndarray) -> np.ndarray:
    """1 for the highest."""
    order = np.argsort(-np.nan_to_num(x, nan=-1.0), kind="stable")
    r = np.empty(len(x), dtype=int)
    r[order] = np.arange(1, len(x) + 1)
    return r


SUMMARY_HEADERS = ["strategy / effects", "field rank r", "95 % CI", "field r", "pairing r",
                   "p", "pairing error", "50 % guess", "same favourite", "spread sim / real",
                   "first pooled sim / real", "first adv. r", "goals met"]


def summary_rows(res) -> list[list[str]]:
    rows = []
    for s in res.settings:
        a = res.runs.get(s.label)
        if a is None:
            continue
        rows.append([s.label, _r(a.spearman), _ci(a.spearman_ci), _r(a.pearson),
                     _r(a.pair_r), f"{a.pair_p:.3f}", f"{100 * a.mae:.1f} pp",
                     f"{100 * a.mae_constant:.1f} pp", _pct(a.same_favourite),
                     f"{100 * a.sd_sim:.1f} / {100 * a.sd_real:.1f} pp",
                     f"{_pct(a.first_sim)} / {_pct(a.first_real)}", _r(a.adv_r),
                     f"{sum(t.passed for t in a.targets)} of {len(a.targets)}"])
    return rows


LEADER_HEADERS = ["leader", "name", "share", "modelled", "Leader text", "real field",
                  "sim field", "sim - real", "real rank", "sim rank", "real first adv.",
                  "sim first adv."]


def leader_rows(res, a: Agreement, effects: str) -> list[list[str]]:
    cov = res.coverage.get(effects, {})
    rr, sr = _ranks(a.real_field), _ranks(a.sim_field)
    order = np.argsort(rr)
    rows = []
    for i in order:
        code = a.leaders[i]
        m, lm, lt = cov.get(code, (float("nan"), 0, 0))
        rows.append([code, a.names[i], _pct(a.shares[i]),
                     _pct(m) + (" (!)" if math.isfinite(m) and m < 0.8 else ""),
                     f"{lm} of {lt}" + (" (!)" if lm < lt else "") if lt else "-",
                     _pct(a.real_field[i]), _pct(a.sim_field[i]),
                     _pp(a.sim_field[i] - a.real_field[i]), str(rr[i]), str(sr[i]),
                     _pp(a.adv_real[i]), _pp(a.adv_sim[i])])
    return rows


def detail_lines(a: Agreement) -> list[str]:
    lines = [
        f"field win rates ({len(a.leaders)} Leaders, share-weighted, mirrors left out): rank "
        f"r {_r(a.spearman)} (95 % CI {_ci(a.spearman_ci)}), linear r {_r(a.pearson)} "
        f"(95 % CI {_ci(a.pearson_ci)}); mean abs. error {100 * a.field_mae:.1f} pp "
        f"(50 % guess {100 * a.field_mae_constant:.1f} pp); spread (SD) "
        f"{100 * a.sd_sim:.1f} pp simulated, {100 * a.sd_real:.1f} pp real "
        f"({a.spread_ratio:.1f}x)",
        f"pairings ({a.pairs}): r {_r(a.pair_r)} (Mantel permutation p = {a.pair_p:.3f}); "
        f"mean abs. error {100 * a.mae:.1f} pp (50 % guess {100 * a.mae_constant:.1f} pp); "
        f"same favourite as reality {_pct(a.same_favourite)}",
        f"going first: pooled {_pct(a.first_sim)} simulated, {_pct(a.first_real)} real; "
        f"mirrors {_pct(a.mirror_first_sim)} / {_pct(a.mirror_first_real)}; per pairing r "
        f"{_r(a.first_pair_r)}, mean abs. error {100 * a.first_pair_mae:.1f} pp; advantage "
        f"per Leader r {_r(a.adv_r)} (95 % CI {_ci(a.adv_r_ci)})",
    ]
    lines += [f"goal {'met' if t.passed else 'NOT met'}: {t.name}: {t.detail}"
              for t in a.targets]
    return lines


NOTES = ("Field win rate: a Leader's win rate against the other Leaders weighted by their "
         "metagame shares, mirrors left out, the same formula for real and simulated rates. "
         "Intervals of correlations resample the Leaders (bootstrap, 95 % percentile). The "
         "pairing correlation runs over every ordered pairing; its p-value permutes the "
         "Leaders' labels (Mantel test). Going-first figures weight each simulated pairing "
         "by its real games. Modelled: the share of the deck's abilities the engine plays "
         "in that effects mode, (!) below 80 %; Leader text: its Leader's abilities that "
         "play, (!) when one does not. Real rates of human ladder games sit close "
         "to 50 %: compare order and direction first (docs/validation.md).")


def _head(res) -> list[str]:
    ys = res.yardstick
    real = int(np.triu(ys.games, 1).sum() + np.diag(ys.first_games).sum())
    lines = [f"validation against {ys.folder}: {ys.n} Leaders, {real:,} real games; "
             f"{res.games:,} simulated games per pairing, seed {res.seed}"]
    lines += [f"note: {n}" for n in ys.notes]
    if res.interrupted:
        lines.append("interrupted: the settings below finished; run again with the same "
                     "--out to resume")
    lines += [f"not played yet: {m}" for m in res.missing[:5]]
    return lines


def terminal(res) -> str:
    out = _head(res) + ["", text_table(SUMMARY_HEADERS, summary_rows(res))]
    for s in res.settings:
        a = res.runs.get(s.label)
        if a is None:
            continue
        out += ["", f"{s.label}:"] + [f"  {x}" for x in detail_lines(a)]
        out += ["", text_table(LEADER_HEADERS, leader_rows(res, a, s.effects))]
    return "\n".join(out) + "\n"


def figures(res) -> dict[str, tuple[str, object]]:
    """Per setting: simulated against real field win rates (one labelled point a Leader)
    and pairing win rates, with the line of perfect agreement."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.ticker import PercentFormatter

    out = {}
    for k, s in enumerate(res.settings):
        a = res.runs.get(s.label)
        if a is None:
            continue
        fig, (f1, f2) = plt.subplots(1, 2, figsize=(11, 4.8))
        f1.scatter(a.real_field, a.sim_field, color="#0072B2")
        for i, code in enumerate(a.leaders):
            f1.annotate(code, (a.real_field[i], a.sim_field[i]), fontsize=7,
                        xytext=(3, 3), textcoords="offset points")
        f2.scatter(a.pair_real, a.pair_sim, s=12, color="#D55E00", alpha=0.7)
        for ax, title, xs, ys in ((f1, f"field win rate (rank r {_r(a.spearman)})",
                                   a.real_field, a.sim_field),
                                  (f2, f"pairings (r {_r(a.pair_r)})", a.pair_real,
                                   a.pair_sim)):
            lo = float(np.nanmin(np.concatenate([xs, ys, [0.5]]))) - 0.02
            hi = float(np.nanmax(np.concatenate([xs, ys, [0.5]]))) + 0.02
            ax.plot([lo, hi], [lo, hi], color="grey", lw=0.8, label="perfect agreement")
            ax.axhline(0.5, color="grey", lw=0.5, ls=":")
            ax.axvline(0.5, color="grey", lw=0.5, ls=":")
            ax.set_xlabel("real (ladder games)")
            ax.set_ylabel("simulated")
            ax.set_title(title, fontsize=10)
            ax.xaxis.set_major_formatter(PercentFormatter(1.0))
            ax.yaxis.set_major_formatter(PercentFormatter(1.0))
            ax.grid(alpha=0.3)
            ax.legend(fontsize=8, loc="upper left")
        fig.suptitle(s.label)
        fig.tight_layout()
        out[f"scatter-{k}"] = (f"Simulated against real: {s.label}", fig)
    return out


def markdown(res) -> str:
    lines = ["# Validation against real results", ""] + [f"{x}  " for x in _head(res)]
    lines += ["", NOTES, "", "## Agreement", "", md_table(SUMMARY_HEADERS, summary_rows(res)),
              ""]
    for s in res.settings:
        a = res.runs.get(s.label)
        if a is None:
            continue
        lines += [f"## {s.label}", ""] + [f"- {x}" for x in detail_lines(a)] + [""]
        lines += [md_table(LEADER_HEADERS, leader_rows(res, a, s.effects)), ""]
    lines += ["Scatter plots: report.html.", ""]
    return "\n".join(lines)


def html_report(res, figs: dict[str, tuple[str, str]]) -> str:
    parts = ["<!DOCTYPE html><html><head><meta charset='utf-8'><title>Validation</title>"
             f"<style>{CSS}</style></head><body><h1>Validation against real results</h1>"]
    parts += [f"<p>{html.escape(x)}</p>" for x in _head(res)]
    parts.append(f"<p>{html.escape(NOTES)}</p><h2>Agreement</h2>")
    parts.append(html_table(SUMMARY_HEADERS, summary_rows(res)))
    for k, s in enumerate(res.settings):
        a = res.runs.get(s.label)
        if a is None:
            continue
        parts.append(f"<h2>{html.escape(s.label)}</h2><ul>"
                     + "".join(f"<li>{html.escape(x)}</li>" for x in detail_lines(a))
                     + "</ul>" + html_table(LEADER_HEADERS, leader_rows(res, a, s.effects)))
        if f"scatter-{k}" in figs:
            t, png = figs[f"scatter-{k}"]
            parts.append(f"<img id='plot-scatter-{k}' alt='{html.escape(t)}' "
                         f"src='data:image/png;base64,{png}'>")
    parts.append("</body></html>")
    return "\n".join(parts)


def write_report(res, out_dir: Path) -> tuple[Path, Path]:
    """report.md and report.html (plots embedded) in out_dir."""
    out_dir.mkdir(parents=True, exist_ok=True)
    md, ht = out_dir / "report.md", out_dir / "report.html"
    md.write_text(markdown(res))
    ht.write_text(html_report(res, {k: (t, _png(f)) for k, (t, f) in figures(res).items()}))
    return md, ht
