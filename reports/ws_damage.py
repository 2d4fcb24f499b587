"""Words for `tcgsim ws-damage`: the chance the opponent dies and the damage distribution."""

from tcgsim.simcore.damage.weiss import DamageResult


def _pct(x: float) -> str:
    return f"{100 * x:.2f} %"


def _cx(n: int) -> str:
    return f"{n} climax" + ("" if n == 1 else "es")


def _ci(lo: float, hi: float) -> str:
    return f"95 % CI {100 * lo:.2f} - {100 * hi:.2f} %"


def format_damage(r: DamageResult, seconds: float | None = None) -> str:
    """The text report of one calculation."""
    inp = r.inputs
    d, a = inp["defender"], inp["attacker"]
    deck = f"deck {d['deck']} ({_cx(d['climaxes'])}"
    deck += f", top {d['top']})" if d["top"] else ")"
    lines = [
        f"Weiß Schwarz damage: {' '.join(inp['instances'])} into {deck}, waiting room "
        f"{d['waiting_room']} ({_cx(d['wr_climaxes'])}), clock {d['clock']}, level "
        f"{d['level']}; ruleset {inp['ruleset']}",
    ]
    if any(t.rstrip("u").endswith("t") for t in inp["instances"]):
        lines.append(f"  attacker's trigger checks from a deck of {a['deck']}: {a['soul']} soul, "
                     f"{a['double_soul']} double soul, {a['shot']} Shot")
    exact = r.method == "exact"
    if exact:
        lines.append("  method: exact (the deck cannot run out during the sequence)")
    else:
        lines.append(f"  method: Monte Carlo, {r.samples:,} sequences, seed {r.seed}, "
                     "95 % intervals" + (f"; {r.refreshes:.3f} refreshes per sequence"
                                         if r.refreshes is not None else ""))
    lines.append("")
    die = f"  chance they die:  {_pct(r.p_dead)}"
    if not exact:
        die += f"  ({_ci(*r.p_dead_ci)})"
    lines.append(die)
    lines.append(f"    reach level 4:  {_pct(r.p_level4)}")
    lines.append(f"    deck out:       {_pct(r.p_deck_out)}  (deck and waiting room empty)")
    mean = f"  mean damage:      {r.mean:.3f}"
    if not exact:
        mean += f"  (95 % CI {r.mean_ci[0]:.3f} - {r.mean_ci[1]:.3f})"
    lines.append(mean)
    lines.append(f"  lethal from clock {d['clock']} at level {d['level']}: {r.lethal} damage "
                 "uncancelled (less if a refresh penalty adds to the clock)")
    lines.append("")
    top_k = max((k for k, p in enumerate(r.dist) if p > 0), default=0)
    head = "  damage    P(= k)    P(>= k)"
    lines.append(head + ("" if exact else "   95 % CI of P(>= k)"))
    for k in range(top_k + 1):
        row = f"  {k:6d}  {_pct(r.dist[k]):>8s}  {_pct(r.at_least[k]):>9s}"
        if not exact:
            lo, hi = r.at_least_ci[k]
            row += f"   {100 * lo:.2f} - {100 * hi:.2f} %"
        lines.append(row)
    lines.append("")
    lines.append("  Damage counts cards put into the clock by damage (a refresh penalty is not "
                 "damage); nothing is dealt after a loss.")
    if seconds is not None:
        lines.append(f"  time: {seconds:.2f} s")
    return "\n".join(lines)
