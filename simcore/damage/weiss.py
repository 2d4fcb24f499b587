"""Weiß Schwarz damage calculator: "if I swing these attacks into this deck, do they die?"

`damage_distribution` takes the defender's deck (size and climaxes, optionally the known top
cards), waiting room, clock and level, and a sequence of damage instances; it returns the
distribution of the damage taken, its mean, P(damage >= k) for every k and the chance of
losing (level 4, or deck and waiting room empty). It is exact (a dynamic programme over
(cards taken, climaxes taken, clock, level, damage, trigger cards taken)) when the deck
cannot run out during the sequence, and Monte Carlo with 95 % intervals otherwise.

Model (rule numbers: 2023 manual M / 2017 English rules E, same number unless marked):
- Each instance is one damage process (4.10.1): cards are revealed one at a time; a climax
  cancels the whole instance and every revealed card goes to the waiting room; otherwise
  all of them go to the clock when the instance ends, and level-ups (9.3) follow.
- An attack with a trigger check (7.3) reveals the top card of the *attacker's* own deck,
  not the defender's: it changes only the attack's soul (+1 per soul icon, 4.12.2.2) or arms
  a Shot (4.12.2.7: if this attack's damage is cancelled, 1 more damage, cancellable, which
  cannot trigger Shot again). The attacker's deck is given as counts and drawn without
  replacement over the sequence; it is not refreshed.
- Refresh (9.2) when the defender's deck empties, at once, even mid-damage; the revealed
  cards are not shuffled in. 2023 (M 9.2.2): the penalty card goes to the clock at once and
  can level up mid-damage. 2017 (E 9.2.2, 9.9.1): a Refresh Point, paid at the check timing
  after the instance. Deck and waiting room both empty: loss, except mid-damage with a
  climax revealed (cancellable or not), which waits for the waiting room to be refilled
  (9.2.2.1, E's reading, see the rules digest section 5).
- Level-up keeps climaxes out of the level zone when it can (the defender's choice), so they
  return to the deck at the next refresh; a level-up and a refresh due together resolve
  level-up first (the defender's choice, 9.1.2.1.1).
- The sequence stops at the first check timing with a loss (9.4): the game is over, so
  later instances deal nothing. "Damage" counts cards put into the clock by damage; the
  refresh penalty is not damage (4.10.2).
- "Cannot be cancelled" (card text; not defined by the rules): revealed climaxes go to the
  clock like other cards.
"""

import math
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field, replace

import numpy as np

from tcgsim.simcore.damage import weiss_kernels as K
from tcgsim.simcore.errors import InputError

RULESETS = {"2023": K.M2023, "2017": K.E2017}
KINDS = ("attack", "burn")  # attack: trigger check first; burn: none
Z95 = 1.959963984540054
CLIMAX_CHARS = "Cc"
OTHER_CHARS = ".-nNoO"


@dataclass(frozen=True)
class Instance:
    """One damage instance: `amount` damage (an attack's soul before its trigger check).

    kind "attack" checks a trigger first (soul icons add to the amount, Shot arms a follow-up
    on cancel); "burn" is damage from an effect, or an attack whose trigger is already known.
    """

    amount: int
    cancellable: bool = True
    kind: str = "burn"

    @property
    def trigger(self) -> bool:
        return self.kind == "attack"

    def token(self) -> str:
        """The command-line spelling: 3t = attack with soul 3, 2 = burn 2, u = uncancellable."""
        return f"{self.amount}{'t' if self.trigger else ''}{'' if self.cancellable else 'u'}"


@dataclass(frozen=True)
class Attacker:
    """The attacker's deck for trigger checks: cards, and how many show each icon."""

    deck: int = 50
    soul: int = 0  # cards with one soul icon
    double_soul: int = 0  # cards with two soul icons
    shot: int = 0  # cards with a Shot icon


@dataclass(frozen=True)
class Defender:
    """The player taking damage. deck and climaxes count the whole deck, top cards included;
    top is the known top of the deck, top first: 'C' a climax, '.' anything else."""

    deck: int = 50
    climaxes: int = 8
    top: str = ""
    waiting_room: int = 0
    wr_climaxes: int = 0
    clock: int = 0
    clock_climaxes: int = 0
    level: int = 0


@dataclass
class DamageResult:
    """Distribution of the damage taken and the chance of losing.

    dist[k] = P(damage == k); at_least[k] = P(damage >= k). Intervals are 95 %: Wilson for
    probabilities, normal for the mean; for exact results they are the values themselves."""

    method: str  # "exact" or "monte carlo"
    samples: int | None
    seed: int | None
    dist: np.ndarray
    at_least: np.ndarray
    at_least_ci: np.ndarray  # shape (len, 2)
    mean: float
    mean_ci: tuple[float, float]
    p_dead: float
    p_dead_ci: tuple[float, float]
    p_level4: float
    p_level4_ci: tuple[float, float]
    p_deck_out: float
    p_deck_out_ci: tuple[float, float]
    lethal: int  # damage that reaches level 4 from the given clock and level, no penalty
    refreshes: float | None  # mean refreshes per sequence (Monte Carlo only)
    inputs: dict = field(default_factory=dict)
    joint: np.ndarray | None = None  # joint[k, outcome] probability (outcome: alive/L4/deck)

    def to_json(self) -> dict:
        """A plain dict for `--json`: lists, floats and strings only."""
        return {
            "inputs": self.inputs,
            "method": self.method,
            "samples": self.samples,
            "seed": self.seed,
            "distribution": [float(x) for x in self.dist],
            "p_at_least": [float(x) for x in self.at_least],
            "p_at_least_ci": [[float(a), float(b)] for a, b in self.at_least_ci],
            "mean": self.mean,
            "mean_ci": list(self.mean_ci),
            "p_dead": self.p_dead,
            "p_dead_ci": list(self.p_dead_ci),
            "p_level4": self.p_level4,
            "p_level4_ci": list(self.p_level4_ci),
            "p_deck_out": self.p_deck_out,
            "p_deck_out_ci": list(self.p_deck_out_ci),
            "lethal_damage": self.lethal,
            "mean_refreshes": self.refreshes,
        }


# -- input --------------------------------------------------------------------------------


def parse_instance(token: str) -> Instance:
    """'3t' attack of soul 3 with a trigger check, '2' burn 2, a 'u' suffix: uncancellable."""
    t = token.strip()
    if t.startswith("-") and t[1:2].isdigit():
        raise InputError(f"damage instance {token!r}: negative damage")
    if t.startswith("-"):
        raise InputError(f"no such option: {token.split('=')[0]}")
    i = 0
    while i < len(t) and t[i].isdigit():
        i += 1
    rest = t[i:].lower()
    if i == 0 or any(ch not in "tu" for ch in rest) or len(set(rest)) != len(rest):
        raise InputError(f"damage instance {token!r}: expected a number with optional "
                         "suffixes t (trigger check) and u (cannot be cancelled), e.g. 3t")
    return Instance(int(t[:i]), "u" not in rest, "attack" if "t" in rest else "burn")


def as_instance(x) -> Instance:
    """An Instance from an Instance, a token ('3t') or a tuple (amount, cancellable, kind)."""
    if isinstance(x, Instance):
        inst = x
    elif isinstance(x, str):
        inst = parse_instance(x)
    else:
        try:
            amount, cancellable, kind = x
        except (TypeError, ValueError):
            raise InputError(f"damage instance {x!r}: expected (amount, cancellable, kind)"
                             ) from None
        inst = Instance(int(amount), bool(cancellable), str(kind))
    if inst.kind not in KINDS:
        raise InputError(f"damage instance {inst!r}: kind must be one of {', '.join(KINDS)}")
    if inst.amount < 0:
        raise InputError(f"damage instance {inst.token()}: negative damage")
    if inst.amount > K.MAX_AMOUNT:
        raise InputError(f"damage instance {inst.token()}: more than {K.MAX_AMOUNT} damage")
    return inst


def top_marks(top) -> str:
    """Known top cards as marks: a string ('C.C') stays; a sequence of climax flags (top
    first, e.g. an engine's deck order) becomes 'C' for true and '.' for false."""
    if isinstance(top, str):
        return top
    return "".join("C" if bool(x) else "." for x in top)


def _top_flags(top: str) -> list[int]:
    bad = [ch for ch in top if ch not in CLIMAX_CHARS + OTHER_CHARS]
    if bad:
        raise InputError(f"--deck-top {top!r}: unknown card mark {bad[0]!r} (C = climax, "
                         ". = other card)")
    return [1 if ch in CLIMAX_CHARS else 0 for ch in top]


def _need(cond: bool, msg: str) -> None:
    if not cond:
        raise InputError(msg)


def validate(d: Defender, a: Attacker, instances: Sequence[Instance], ruleset: str) -> None:
    """Raise InputError (one line naming the option) for impossible inputs."""
    _need(ruleset in RULESETS, f"--ruleset: unknown ruleset {ruleset!r}; known: "
          f"{', '.join(RULESETS)}")
    _need(1 <= d.deck <= 50, f"--deck: {d.deck} cards; the deck must hold 1 to 50 cards")
    _need(d.climaxes >= 0, f"--climaxes: {d.climaxes} is negative")
    _need(d.climaxes <= d.deck, f"--climaxes: {d.climaxes} climaxes in a deck of {d.deck} cards")
    top = _top_flags(d.top)
    _need(len(top) <= d.deck, f"--deck-top: {len(top)} cards on top of a deck of {d.deck}")
    _need(sum(top) <= d.climaxes,
          f"--deck-top: {sum(top)} climaxes on top but --climaxes is {d.climaxes}")
    _need(d.climaxes - sum(top) <= d.deck - len(top),
          f"--climaxes: {d.climaxes} climaxes but the deck top {d.top!r} leaves room for "
          f"{d.deck - len(top) + sum(top)}")
    _need(0 <= d.waiting_room <= 50, f"--waiting-room: {d.waiting_room} is out of range 0-50")
    _need(0 <= d.wr_climaxes <= d.waiting_room,
          f"--wr-climaxes: {d.wr_climaxes} climaxes in a waiting room of {d.waiting_room}")
    _need(0 <= d.clock <= 6, f"--clock: {d.clock} is out of range 0-6 (7 levels up)")
    _need(0 <= d.clock_climaxes <= d.clock,
          f"--clock-climaxes: {d.clock_climaxes} climaxes in a clock of {d.clock}")
    _need(0 <= d.level <= 3, f"--level: {d.level} is out of range 0-3 (4 loses)")
    total = d.deck + d.waiting_room + d.clock + d.level
    _need(total <= 50, f"--deck/--waiting-room/--clock/--level: {total} cards in all, "
          "more than a 50-card deck")
    checks = sum(1 for i in instances if i.trigger)
    if checks:
        _need(a.deck >= 1, f"--trigger-deck: {a.deck}; the attacker's deck must hold cards")
        for name, v in (("--soul-triggers", a.soul), ("--double-soul", a.double_soul),
                        ("--shot-triggers", a.shot)):
            _need(v >= 0, f"{name}: {v} is negative")
        icons = a.soul + a.double_soul + a.shot
        _need(icons <= a.deck, f"--soul-triggers/--double-soul/--shot-triggers: {icons} "
              f"trigger cards in an attacker's deck of {a.deck}")
        _need(checks <= a.deck, f"--trigger-deck: {checks} trigger checks but the attacker's "
              f"deck holds {a.deck} cards (the attacker's refresh is not modelled)")


def lethal_damage(clock: int, level: int) -> int:
    """Damage that takes (clock, level) to level 4 if none is cancelled and nothing else
    reaches the clock."""
    return (3 - level) * 7 + (7 - clock)


def max_reveals(instances: Sequence[Instance], a: Attacker) -> int:
    """The most cards the defender's deck can lose in the sequence (no refresh penalty)."""
    bonus = 2 if a.double_soul else 1 if a.soul else 0
    total = 0
    for inst in instances:
        total += inst.amount
        if inst.trigger:
            total += bonus
            if a.shot and inst.cancellable:
                total += 1
    return total


def _params(d: Defender, a: Attacker, ruleset: str) -> tuple[np.ndarray, np.ndarray]:
    top = np.array(_top_flags(d.top), dtype=np.int64)
    p = np.zeros(K.NP, np.int64)
    p[K.P_TOPLEN] = len(top)
    p[K.P_RN] = d.deck - len(top)
    p[K.P_RCX] = d.climaxes - int(top.sum())
    p[K.P_WRN] = d.waiting_room
    p[K.P_WRCX] = d.wr_climaxes
    p[K.P_CLK] = d.clock
    p[K.P_CLKCX] = d.clock_climaxes
    p[K.P_LVL] = d.level
    p[K.P_RULES] = RULESETS[ruleset]
    p[K.P_AN] = a.deck
    p[K.P_A1] = a.soul
    p[K.P_A2] = a.double_soul
    p[K.P_A3] = a.shot
    return p, top


def _arrays(instances: Sequence[Instance]) -> tuple[np.ndarray, np.ndarray]:
    amounts = np.array([i.amount for i in instances], dtype=np.int64)
    flags = np.array([(K.F_TRIGGER if i.trigger else 0) | (0 if i.cancellable else K.F_UNCANCEL)
                      for i in instances], dtype=np.int64)
    return amounts, flags


# -- exact --------------------------------------------------------------------------------


def exact_joint(d: Defender, a: Attacker, instances: Sequence[Instance]) -> np.ndarray:
    """joint[k, outcome]: exact probabilities, valid when the deck cannot run out.

    State: (cards taken from the deck, climaxes taken from its random part, clock, level,
    damage, soul/double-soul/Shot cards taken from the attacker's deck). Without a refresh
    the waiting room and the clock's climaxes never matter, and both rulesets agree."""
    top = _top_flags(d.top)
    toplen, rn, rcx = len(top), d.deck - len(top), d.climaxes - sum(top)
    width = max_reveals(instances, a) + 1
    joint = np.zeros((width, 3))

    def p_climax(t: int, c: int) -> float:
        if t < toplen:
            return float(top[t])
        return (rcx - c) / (rn - (t - toplen))

    def deal(t: int, c: int, amount: int, cancellable: bool):
        """[(t, c, taken?, prob)] after one damage process."""
        if amount <= 0:
            return [(t, c, None, 1.0)]
        out = []
        frontier = {(t, c): 1.0}
        for _ in range(amount):
            nxt: dict = defaultdict(float)
            for (tt, cc), q in frontier.items():
                pc = p_climax(tt, cc)
                dc = 1 if tt >= toplen else 0
                if pc > 0:
                    if cancellable:
                        out.append((tt + 1, cc + dc, False, q * pc))
                    else:
                        nxt[(tt + 1, cc + dc)] += q * pc
                if pc < 1:
                    nxt[(tt + 1, cc)] += q * (1 - pc)
            frontier = nxt
        out += [(tt, cc, True, q) for (tt, cc), q in frontier.items()]
        return out

    def take(clock: int, level: int, amount: int) -> tuple[int, int]:
        clock += amount
        while clock >= 7:
            clock -= 7
            level += 1
        return clock, level

    # state: (t, c, clock, level, dmg, a1, a2, a3) -> probability
    states: dict = {(0, 0, d.clock, d.level, 0, 0, 0, 0): 1.0}
    checks = 0
    for inst in instances:
        new: dict = defaultdict(float)
        for (t, c, clk, lvl, dmg, a1, a2, a3), q in states.items():
            if inst.trigger:
                left = a.deck - checks
                branches = [((a.soul - a1) / left, 1, 0, (1, 0, 0)),
                            ((a.double_soul - a2) / left, 2, 0, (0, 1, 0)),
                            ((a.shot - a3) / left, 0, 1, (0, 0, 1))]
                rest = 1 - sum(b[0] for b in branches)
                branches.append((rest, 0, 0, (0, 0, 0)))
            else:
                branches = [(1.0, 0, 0, (0, 0, 0))]
            for pb, bonus, shot, (d1, d2, d3) in branches:
                if pb <= 0:
                    continue
                na = (a1 + d1, a2 + d2, a3 + d3)
                amount = inst.amount + bonus
                for t2, c2, taken, q2 in deal(t, c, amount, inst.cancellable):
                    p = q * pb * q2
                    clk2, lvl2, dmg2 = clk, lvl, dmg
                    if taken:
                        clk2, lvl2 = take(clk, lvl, amount)
                        dmg2 = dmg + amount
                    if lvl2 >= 4:
                        joint[dmg2, K.LEVEL4] += p
                        continue
                    if shot and taken is False:
                        for t3, c3, taken3, q3 in deal(t2, c2, 1, True):
                            clk3, lvl3, dmg3 = clk2, lvl2, dmg2
                            if taken3:
                                clk3, lvl3 = take(clk2, lvl2, 1)
                                dmg3 += 1
                            if lvl3 >= 4:
                                joint[dmg3, K.LEVEL4] += p * q3
                            else:
                                new[(t3, c3, clk3, lvl3, dmg3, *na)] += p * q3
                    else:
                        new[(t2, c2, clk2, lvl2, dmg2, *na)] += p
        if inst.trigger:
            checks += 1
        states = new
    for (_t, _c, _clk, _lvl, dmg, *_), q in states.items():
        joint[dmg, K.ALIVE] += q
    return joint


# -- Monte Carlo --------------------------------------------------------------------------


def monte_carlo_joint(d: Defender, a: Attacker, instances: Sequence[Instance], ruleset: str,
                      samples: int, seed: int, start: int = 0,
                      threads: int | None = None) -> tuple[np.ndarray, int]:
    """counts[k, outcome] over `samples` sequences, and the total number of refreshes."""
    import numba

    p, top = _params(d, a, ruleset)
    amounts, flags = _arrays(instances)
    width = max_reveals(instances, a)
    saved = numba.get_num_threads()
    if threads:
        numba.set_num_threads(min(threads, numba.config.NUMBA_NUM_THREADS))
    try:
        hist, refreshes = K.run_batch(seed, start, samples, p, top, amounts, flags, width)
    finally:
        numba.set_num_threads(saved)
    return hist, int(refreshes)


def wilson(k: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for k successes out of n."""
    if n <= 0:
        return 0.0, 1.0
    p = k / n
    den = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(max(p * (1 - p) / n + z * z / (4 * n * n), 0.0)) / den
    return max(0.0, centre - half), min(1.0, centre + half)


# -- the API ------------------------------------------------------------------------------


def damage_distribution(instances: Iterable, deck: int | Defender = 50, climaxes: int = 8, *,
                        top: str = "", waiting_room: int = 0, wr_climaxes: int = 0,
                        clock: int = 0, clock_climaxes: int = 0, level: int = 0,
                        attacker: Attacker | None = None, ruleset: str = "2023",
                        method: str = "auto", samples: int = 1_000_000, seed: int = 1,
                        threads: int | None = None) -> DamageResult:
    """Distribution of the damage a sequence of instances deals to the defender.

    instances: Instance objects, tokens ('3t', '2', '1u') or (amount, cancellable, kind)
    tuples, kind 'attack' (trigger check first) or 'burn'. deck may be a Defender instead of
    the keyword arguments. top: the known top of the deck (all of it for a full card order),
    as marks 'C.' or climax flags [1, 0, ...], top first. method: 'exact' (refused when the
    deck could run out), 'monte carlo', or 'auto' (exact when possible). Raises InputError
    for impossible inputs."""
    insts = [as_instance(x) for x in instances]
    if isinstance(deck, Defender):
        d = replace(deck, top=top_marks(deck.top))
    else:
        d = Defender(deck, climaxes, top_marks(top), waiting_room, wr_climaxes, clock,
                     clock_climaxes, level)
    a = attacker or Attacker()
    validate(d, a, insts, ruleset)
    if method not in ("auto", "exact", "monte carlo"):
        raise InputError(f"--method: unknown method {method!r}; known: auto, exact, "
                         "monte carlo")
    if samples < 1:
        raise InputError(f"--samples: {samples}; at least 1 sequence")
    can_exact = max_reveals(insts, a) < d.deck
    if method == "exact" and not can_exact:
        raise InputError(f"--exact: the deck of {d.deck} cards can run out (up to "
                         f"{max_reveals(insts, a)} cards revealed), so a refresh is possible; "
                         "use Monte Carlo")
    inputs = {"instances": [i.token() for i in insts], "defender": asdict(d),
              "attacker": asdict(a), "ruleset": ruleset}
    lethal = lethal_damage(d.clock, d.level)
    if can_exact and method != "monte carlo":
        joint = exact_joint(d, a, insts)
        return _result_exact(joint, lethal, inputs)
    counts, refreshes = monte_carlo_joint(d, a, insts, ruleset, samples, seed,
                                          threads=threads)
    return _result_mc(counts, samples, seed, refreshes, lethal, inputs)


def _result_exact(joint: np.ndarray, lethal: int, inputs: dict) -> DamageResult:
    dist = joint.sum(axis=1)
    at_least = np.cumsum(dist[::-1])[::-1]
    ks = np.arange(len(dist))
    mean = float((ks * dist).sum())
    pl4, pdo = float(joint[:, K.LEVEL4].sum()), float(joint[:, K.DECKOUT].sum())
    return DamageResult("exact", None, None, dist, at_least,
                        np.stack([at_least, at_least], axis=1), mean, (mean, mean),
                        pl4 + pdo, (pl4 + pdo,) * 2, pl4, (pl4, pl4), pdo, (pdo, pdo),
                        lethal, None, inputs, joint)


def _result_mc(counts: np.ndarray, n: int, seed: int, refreshes: int, lethal: int,
               inputs: dict) -> DamageResult:
    by_k = counts.sum(axis=1)
    dist = by_k / n
    cum = np.cumsum(by_k[::-1])[::-1]
    at_least = cum / n
    ci = np.array([wilson(float(x), n) for x in cum])
    ks = np.arange(len(dist))
    mean = float((ks * dist).sum())
    var = float((ks * ks * dist).sum()) - mean * mean
    half = Z95 * math.sqrt(max(var, 0.0) / n)
    l4, do = int(counts[:, K.LEVEL4].sum()), int(counts[:, K.DECKOUT].sum())
    return DamageResult("monte carlo", n, seed, dist, at_least, ci, mean,
                        (mean - half, mean + half), (l4 + do) / n, wilson(l4 + do, n),
                        l4 / n, wilson(l4, n), do / n, wilson(do, n), lethal, refreshes / n,
                        inputs, counts / n)


OUTCOMES = {K.ALIVE: "alive", K.LEVEL4: "level 4", K.DECKOUT: "deck out"}


def trace_sequence(instances: Iterable, defender: Defender, attacker: Attacker | None = None,
                   ruleset: str = "2023", seed: int = 1, index: int = 0) -> dict:
    """One Monte Carlo sequence, for comparisons with the game engine: its outcome, damage,
    level, clock (climax flags, bottom first), deck, waiting room and refresh count."""
    insts = [as_instance(x) for x in instances]
    a = attacker or Attacker()
    defender = replace(defender, top=top_marks(defender.top))  # flags or marks, as above
    validate(defender, a, insts, ruleset)
    p, top = _params(defender, a, ruleset)
    amounts, flags = _arrays(insts)
    out, s, clock = K.trace_one(seed, index, p, top, amounts, flags)
    return {
        "outcome": OUTCOMES[int(out)],
        "damage": int(s[K.S_DMG]),
        "level": int(s[K.S_LVL]),
        "clock": [int(x) for x in clock],
        "deck": int(s[K.S_TOPLEN] - s[K.S_POS] + s[K.S_RN]),
        "waiting_room": int(s[K.S_WRN]),
        "wr_climaxes": int(s[K.S_WRCX]),
        "refreshes": int(s[K.S_REFRESH]),
    }
