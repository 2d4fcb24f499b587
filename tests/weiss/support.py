"""Helpers for the Weiss Schwarz rules tests: a table of simple cards, a scripted two-player
state and thin wrappers around the engine kernels (one set of argument types, so each kernel
is compiled once and then loaded from numba's cache).

Zones are given top first for the deck (`deck[0]` is revealed next) and bottom first for
the clock, waiting room, stock and level zone (the order the engine stores them).
"""

import numpy as np

from tcgsim.simcore.games.weiss import cards as C
from tcgsim.simcore.games.weiss import engine as EN
from tcgsim.simcore.games.weiss import layout as L
from tcgsim.simcore.rng import seed_stream
from tcgsim.strategies.registry import resolve

LOG_ROWS = 4096
POOL: list[tuple[str, dict]] = [
    ("CHAR", {"type": "character", "color": "yellow", "level": 0, "power": 3000}),
    ("CX", {"type": "climax", "color": "yellow", "triggers": ["soul"]}),
    ("SOULT", {"type": "character", "color": "yellow", "power": 3000, "triggers": ["soul"]}),
    ("L2", {"type": "character", "color": "yellow", "level": 2, "cost": 1, "power": 5000}),
    ("L1", {"type": "character", "color": "yellow", "level": 1, "power": 4000}),
    ("SHOTCX", {"type": "climax", "color": "yellow", "triggers": ["shot"]}),
    ("SOUL2", {"type": "character", "color": "yellow", "power": 3000, "soul": 2}),
    ("BLUECX", {"type": "climax", "color": "blue", "climax_power": 1000, "climax_soul": 1}),
    ("COST3", {"type": "character", "color": "yellow", "cost": 3, "power": 3000}),
    ("POOLT", {"type": "character", "color": "yellow", "power": 3000, "triggers": ["pool"]}),
    ("TREAS", {"type": "climax", "color": "yellow", "triggers": ["treasure"]}),
    ("L3", {"type": "character", "color": "yellow", "level": 3, "cost": 2, "power": 9000,
            "soul": 2}),
    ("BRAIN0", {"type": "character", "color": "yellow", "power": 3000,
                "brainstorm": {"flip": 2, "cost": 0}}),
    ("ASSIST", {"type": "character", "color": "yellow", "power": 1000, "assist": 500}),
    ("ASSISTLV", {"type": "character", "color": "yellow", "power": 1000,
                  "assist_per_level": 500}),
    ("BACKUP", {"type": "character", "color": "blue", "level": 1, "power": 1000,
                "backup": {"power": 2000, "level": 1, "cost": 1}}),
    ("CTREV", {"type": "event", "color": "yellow", "counter": True,
               "event": {"effect": "power", "value": 2000}}),
    ("RETURNT", {"type": "character", "color": "yellow", "power": 3000,
                 "triggers": ["return"]}),
    ("COMEBACKT", {"type": "character", "color": "yellow", "power": 3000,
                   "triggers": ["comeback"]}),
    ("DRAWT", {"type": "character", "color": "yellow", "power": 3000, "triggers": ["draw"]}),
    ("GATECX", {"type": "climax", "color": "yellow", "triggers": ["gate"]}),
    ("CHOICECX", {"type": "climax", "color": "yellow", "triggers": ["choice"]}),
    ("STANDBYCX", {"type": "climax", "color": "yellow", "triggers": ["standby"]}),
    ("ENCSTOCK", {"type": "character", "color": "yellow", "level": 2, "power": 5000,
                  "encore": {"stock": 1}}),
    ("ENCHAND", {"type": "character", "color": "yellow", "level": 2, "power": 5000,
                 "encore": {"hand": True}}),
    ("EVDRAW", {"type": "event", "color": "yellow", "event": {"effect": "draw", "value": 2}}),
    ("EVBURN", {"type": "event", "color": "yellow", "event": {"effect": "burn", "value": 1}}),
    ("EVSALV", {"type": "event", "color": "yellow",
                "event": {"effect": "salvage", "value": 1}}),
    ("BRAIN3", {"type": "character", "color": "yellow", "power": 3000,
                "brainstorm": {"flip": 3, "cost": 1}}),
]
IDX = {code: i for i, (code, _) in enumerate(POOL)}
# The rules tests script the default strategy's choices with these values (its defaults
# before tuning), so that retuning the default never changes what a rules test checks.
SCRIPTED = ["clock_limit=10", "hand_max=7", "encore_level=2", "counter_level=1",
            "side_min_soul=1", "replace_margin=500"]


def table() -> np.ndarray:
    names: dict[str, int] = {}
    rows = [C.card_row(code, {"name": code, **e}, names) for code, e in POOL]
    return np.array(rows, dtype=np.int32)


CT = table()


class Game:
    """A scripted state plus everything the kernels need (default strategy on both seats)."""

    def __init__(self, ruleset: int = L.M2023, active: int = 0, turn: int = 3, first: int = 0,
                 strategy: str = "default"):
        self.st = np.zeros(L.SIZE, dtype=np.int32)
        self.ct = CT
        self.lg = np.zeros((LOG_ROWS, 5), dtype=np.int32)
        fam, prm = resolve("weiss", strategy, SCRIPTED if strategy == "default" else [])
        self.fams = np.array([fam, fam], dtype=np.int64)
        self.prms = np.stack([prm, prm]).astype(np.float64)
        self.rng = np.zeros(8, dtype=np.uint64)
        for s in range(4):
            seed_stream(self.rng, s, 12345, 0, s)
        self.buf = np.zeros(256, dtype=np.int32)
        st = self.st
        for p in range(2):
            b = p * L.PSIZE
            for s in range(L.NSLOT):
                st[b + L.S_CARD + s] = L.EMPTY
            st[b + L.CX] = L.EMPTY
            st[b + L.LIMBO] = L.EMPTY
        st[L.G_ACTIVE] = active
        st[L.G_FIRST] = first
        st[L.G_TURN] = turn
        st[L.G_WINNER] = L.NONE
        st[L.G_ATT] = L.EMPTY
        st[L.G_DEF_CARD] = L.EMPTY
        st[L.G_RULESET] = ruleset
        st[L.G_TURN_CAP] = 100
        for p in range(2):  # a harmless deck, so nobody loses by deck out unless a test says
            self.set_zone(p, "deck", ["CHAR"] * 10)

    # zones ------------------------------------------------------------
    def set_zone(self, p: int, zone: str, cards: list[str]) -> None:
        off, cnt = {"deck": (L.DECK, L.N_DECK), "hand": (L.HAND, L.N_HAND),
                    "wr": (L.WR, L.N_WR), "clock": (L.CLOCK, L.N_CLOCK),
                    "level": (L.LEVEL, L.N_LEVEL), "stock": (L.STOCK, L.N_STOCK)}[zone]
        ids = [IDX[c] for c in cards]
        if zone == "deck":
            ids = ids[::-1]  # given top first, stored top last
        b = p * L.PSIZE
        for i, c in enumerate(ids):
            self.st[b + off + i] = c
        self.st[b + cnt] = len(ids)

    def zone(self, p: int, zone: str) -> list[str]:
        off, cnt = {"deck": (L.DECK, L.N_DECK), "hand": (L.HAND, L.N_HAND),
                    "wr": (L.WR, L.N_WR), "clock": (L.CLOCK, L.N_CLOCK),
                    "level": (L.LEVEL, L.N_LEVEL), "stock": (L.STOCK, L.N_STOCK),
                    "res": (L.RES, L.N_RES)}[zone]
        b = p * L.PSIZE
        ids = [POOL[int(c)][0] for c in self.st[b + off: b + off + self.st[b + cnt]]]
        return ids[::-1] if zone == "deck" else ids

    def n(self, p: int, zone: str) -> int:
        return len(self.zone(p, zone))

    def put(self, p: int, slot: int, card: str, state: int = L.STAND) -> None:
        b = p * L.PSIZE
        self.st[b + L.S_CARD + slot] = IDX[card]
        self.st[b + L.S_STATE + slot] = state

    def slot(self, p: int, s: int) -> str | None:
        c = self.st[p * L.PSIZE + L.S_CARD + s]
        return None if c == L.EMPTY else POOL[int(c)][0]

    def state(self, p: int, s: int) -> int:
        return int(self.st[p * L.PSIZE + L.S_STATE + s])

    def get(self, p: int, off: int) -> int:
        return int(self.st[p * L.PSIZE + off])

    def set(self, p: int, off: int, v: int) -> None:
        self.st[p * L.PSIZE + off] = v

    @property
    def over(self) -> bool:
        return bool(self.st[L.G_OVER])

    # kernels ----------------------------------------------------------
    def _k(self):
        return self.fams, self.prms, self.rng, self.buf

    def deal_damage(self, p: int, amount: int, cancellable: int = 1) -> int:
        return int(EN.deal_damage(self.st, self.ct, self.lg, p, amount, cancellable, *self._k()))

    def draw(self, p: int) -> None:
        EN.draw(self.st, self.ct, self.lg, p, *self._k())

    def brainstorm(self, p: int, s: int) -> None:
        EN.brainstorm(self.st, self.ct, self.lg, p, s, *self._k())

    def check_timing(self) -> None:
        EN.check_timing(self.st, self.ct, self.lg, *self._k())

    def level_up(self, p: int) -> None:
        EN.level_up(self.st, self.ct, self.lg, p, *self._k())

    def attack(self, p: int, s: int, kind: int) -> None:
        decks = np.zeros((2, 50), dtype=np.int32)
        EN.attack(self.st, self.ct, self.lg, p, s, kind, *self._k(), False, decks)

    def attack_phase(self) -> None:
        decks = np.zeros((2, 50), dtype=np.int32)
        EN.attack_phase(self.st, self.ct, self.lg, *self._k(), False, decks)

    def start_turn(self) -> bool:
        return bool(EN.start_turn(self.st, self.ct, self.lg, *self._k()))

    def end_phase(self) -> None:
        EN.end_phase(self.st, self.ct, self.lg, *self._k())

    def mulligan(self, p: int, mask: int) -> None:
        EN.mulligan(self.st, self.ct, self.lg, p, mask, *self._k())

    def encore_step(self) -> None:
        EN.encore_step(self.st, self.ct, self.lg, *self._k())

    def main_action(self, p: int, kind: int, a: int = 0, b: int = 0) -> None:
        """Apply one checked Main Phase action of p (legal.A_*, encoded kind | a<<8 | b<<16)."""
        EN.apply_main_action(self.st, self.ct, self.lg, p, kind | (a << 8) | (b << 16),
                             *self._k())

    def log_codes(self) -> list[int]:
        return [int(x) for x in self.lg[: self.st[L.G_LOGN], 0]]
