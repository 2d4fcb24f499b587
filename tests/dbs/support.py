"""Helpers for the Dragon Ball Super rules tests: a pool of simple cards, a scripted two-player
state and thin wrappers around the engine kernels (one set of argument types, so each kernel
compiles once and is then loaded from numba's cache).

Zones are given and returned top first: `deck[0]` is the next card drawn and `life[0]` the next
Life card lost (the engine stores both stacks with the top at the end).
"""

import numpy as np

from tcgsim.simcore.games.dbs import cards as C
from tcgsim.simcore.games.dbs import engine as EN
from tcgsim.simcore.games.dbs import layout as L
from tcgsim.simcore.games.dbs import legal as LG
from tcgsim.simcore.rng import seed_stream
from tcgsim.strategies.dbs import policy
from tcgsim.strategies.registry import resolve

DEFAULT, RANDOM = policy.DEFAULT, policy.RANDOM
BUF = 512


def _b(power, cost=1, **kw):
    return {"type": "battle", "colors": ["red"], "cost": cost, "power": power, **kw}


POOL: list[tuple[str, dict]] = [
    ("LEADER", {"type": "leader", "colors": ["red"], "power": 10000,
                "awaken": {"life": 4, "draw": 2, "power": 15000}}),
    ("LEADER_CRIT", {"type": "leader", "colors": ["red"], "power": 10000,
                     "keywords": ["critical"]}),
    ("FILLER", _b(1000, cost=20)),  # never playable, no combo
    ("B5", _b(5000, combo={"cost": 0, "power": 5000})),
    ("B10", _b(10000, cost=2, combo={"cost": 1, "power": 10000})),
    ("B15", _b(15000, cost=3)),
    ("B20", _b(20000, cost=4)),
    ("NOCOMBO", _b(10000)),
    ("DOUBLE", _b(10000, keywords=["double_strike"])),
    ("TRIPLE", _b(10000, keywords=["triple_strike", "double_strike"])),
    ("CRIT", _b(10000, keywords=["critical"])),
    ("CRIT_DOUBLE", _b(10000, keywords=["critical", "double_strike"])),
    ("VICTORY", _b(10000, keywords=["victory_strike"])),
    ("BLOCKER", _b(5000, keywords=["blocker"])),
    ("BIG_BLOCKER", _b(30000, keywords=["blocker"])),
    ("DUAL", _b(10000, keywords=["dual_attack"])),
    ("REVENGE", _b(5000, keywords=["revenge"])),
    ("INDESTR", _b(5000, keywords=["indestructible"])),
    ("BARRIER", _b(5000, keywords=["barrier"])),
    ("SERVANT", _b(5000, keywords=["servant"])),
    ("UNIQUE", _b(5000, keywords=["unique"])),
    ("DEFLECT", _b(5000, cost=3, keywords=["deflect"])),
    ("EXHAUST", _b(5000, keywords=["energy_exhaust"])),
    ("RR3", _b(15000, cost=3, specified=["red", "red"])),
    ("RR1", _b(15000, cost=1, specified=["red", "red"])),
    ("RG", {**_b(15000, cost=2, specified=["red", "green"]), "colors": ["red", "green"]}),
    ("BLUE", {**_b(5000), "colors": ["blue"]}),
    ("MULTI_RG", {**_b(5000), "colors": ["red", "green"]}),
    ("BOND", _b(5000, bond={"count": 3, "power": 10000, "keywords": ["double_strike"]})),
    ("SPARK", _b(5000, sparking={"count": 2, "power": 5000})),
    ("DRAW_LIMIT", _b(5000, effect={"effect": "draw", "value": 1, "limit": 1})),
    ("REALM", _b(20000, cost=6, over_realm=3)),
    ("OFFERING", _b(5000, keywords=["offering"])),
    ("HEROIC", _b(5000, keywords=["heroic"], traits=["heroic"])),
    ("HERO_TRAIT", _b(5000, traits=["heroic"])),
    ("VILLAIN", _b(5000, keywords=["villainous"])),
    ("VILLAIN_TRAIT", _b(5000, traits=["villainous"])),
    ("EX_DRAW", {"type": "extra", "colors": ["red"], "cost": 1, "timing": "main",
                 "effect": {"effect": "draw", "value": 2}}),
    ("EX_KO", {"type": "extra", "colors": ["red"], "cost": 0, "timing": "main",
               "effect": {"effect": "ko_power_le", "value": 20000}}),
    ("EX_POW", {"type": "extra", "colors": ["red"], "cost": 1, "timing": "battle",
                "effect": {"effect": "power_battle", "value": 10000}}),
    ("EX_NEG_ATK", {"type": "extra", "colors": ["red"], "cost": 1, "timing": "counter_attack",
                    "effect": {"effect": "negate_attack"}}),
    ("EX_NEG_PLAY", {"type": "extra", "colors": ["red"], "cost": 0, "timing": "counter_play",
                     "effect": {"effect": "negate_play", "value": 5}}),
    ("FIELD_A", {"type": "extra", "colors": ["red"], "cost": 1, "timing": "field",
                 "effect": {"effect": "field_power", "value": 5000}}),
    ("FIELD_B", {"type": "extra", "colors": ["red"], "cost": 1, "timing": "field"}),
    ("UNISON", {"type": "unison", "colors": ["red"], "cost": 1, "power": 10000}),
    ("LEADER_0", {"type": "leader", "colors": ["red"], "power": 1}),
    ("QUAD", _b(10000, keywords=["quadruple_strike"])),
    ("TRIPLE_ATK", _b(10000, keywords=["triple_attack"])),
    ("CHARGE2", _b(5000, effect={"effect": "charge", "value": 2})),
    ("UNTAP2", _b(5000, cost=3, effect={"effect": "untap_energy", "value": 2})),
]
ID = {code: i for i, (code, _) in enumerate(POOL)}
LEADER = ID["LEADER"]
LEADER_CRIT = ID["LEADER_CRIT"]
FILLER = ID["FILLER"]
B5 = ID["B5"]
B10 = ID["B10"]
B15 = ID["B15"]
B20 = ID["B20"]
NOCOMBO = ID["NOCOMBO"]
DOUBLE = ID["DOUBLE"]
TRIPLE = ID["TRIPLE"]
CRIT = ID["CRIT"]
CRIT_DOUBLE = ID["CRIT_DOUBLE"]
VICTORY = ID["VICTORY"]
BLOCKER = ID["BLOCKER"]
BIG_BLOCKER = ID["BIG_BLOCKER"]
DUAL = ID["DUAL"]
REVENGE = ID["REVENGE"]
INDESTR = ID["INDESTR"]
BARRIER = ID["BARRIER"]
SERVANT = ID["SERVANT"]
UNIQUE = ID["UNIQUE"]
DEFLECT = ID["DEFLECT"]
EXHAUST = ID["EXHAUST"]
RR3 = ID["RR3"]
RR1 = ID["RR1"]
RG = ID["RG"]
BLUE = ID["BLUE"]
MULTI_RG = ID["MULTI_RG"]
BOND = ID["BOND"]
SPARK = ID["SPARK"]
DRAW_LIMIT = ID["DRAW_LIMIT"]
REALM = ID["REALM"]
OFFERING = ID["OFFERING"]
HEROIC = ID["HEROIC"]
HERO_TRAIT = ID["HERO_TRAIT"]
VILLAIN = ID["VILLAIN"]
VILLAIN_TRAIT = ID["VILLAIN_TRAIT"]
EX_DRAW = ID["EX_DRAW"]
EX_KO = ID["EX_KO"]
EX_POW = ID["EX_POW"]
EX_NEG_ATK = ID["EX_NEG_ATK"]
EX_NEG_PLAY = ID["EX_NEG_PLAY"]
FIELD_A = ID["FIELD_A"]
FIELD_B = ID["FIELD_B"]
UNISON = ID["UNISON"]
LEADER_0 = ID["LEADER_0"]
QUAD = ID["QUAD"]
TRIPLE_ATK = ID["TRIPLE_ATK"]
CHARGE2 = ID["CHARGE2"]
UNTAP2 = ID["UNTAP2"]
CT = np.ascontiguousarray(np.array([C.card_row(f"test:{c}", e) for c, e in POOL],
                                   dtype=np.int32))
# the table's NAME_ID: the pool's codes are the names
for i in range(len(POOL)):
    CT[i, C.NAME_ID] = i


# The rules tests script the default strategy's choices with these values (its defaults
# before tuning), so that retuning the default never changes what a rules test checks.
SCRIPTED = ["mulligan_cost=5", "charge_hand=4", "threat_life=4", "reserve=2",
            "attack_margin=5000", "defend_life=5", "save_cost=4", "ko_min_cost=2"]


def default_params() -> np.ndarray:
    _, prm = resolve("dbs", "default", SCRIPTED)
    return np.ascontiguousarray(np.stack([prm, prm]).astype(np.float64))


class Game:
    """One scripted game: the state array plus everything the kernels need."""

    def __init__(self, st, decks, leaders, fams, seed=7):
        self.st = st
        self.ct = CT
        self.decks = decks
        self.leaders = leaders
        self.fams = np.array(fams, dtype=np.int64)
        self.prms = default_params()
        self.lg = np.zeros((4096, 5), dtype=np.int32)
        self.rng = np.zeros(8, dtype=np.uint64)
        for s in range(4):
            seed_stream(self.rng, s, seed, 0, s)
        self.buf = np.zeros(BUF, dtype=np.int32)

    def get(self, p, off):
        return int(self.st[p * L.PSIZE + off])

    def put(self, p, off, v):
        self.st[p * L.PSIZE + off] = v

    def g(self, off):
        return int(self.st[off])

    def _zone(self, p, zone, count):
        b = p * L.PSIZE
        return [int(x) for x in self.st[b + zone: b + zone + int(self.st[b + count])]]

    def hand(self, p):
        return self._zone(p, L.HAND, L.N_HAND)

    def life(self, p):
        return self._zone(p, L.LIFE, L.N_LIFE)[::-1]

    def deck(self, p):
        return self._zone(p, L.DECK, L.N_DECK)[::-1]

    def drop(self, p):
        return self._zone(p, L.DROP, L.N_DROP)

    def warp(self, p):
        return self._zone(p, L.WARP, L.N_WARP)

    def battle_area(self, p):
        return self._zone(p, L.B_CARD, L.N_BATTLE)

    def energy_rested(self, p):
        return self._zone(p, L.EN_REST, L.N_EN)

    def rested(self, p, ref):
        return bool(LG.is_rested(self.st, p, ref))

    def ref_of(self, p, card):
        return self.battle_area(p).index(card)

    def power(self, p, ref):
        return int(LG.power(self.st, self.ct, p, ref))

    @property
    def over(self):
        return self.g(L.G_OVER) != 0

    @property
    def winner(self):
        return self.g(L.G_WINNER)

    @property
    def reason(self):
        return self.g(L.G_REASON)

    @property
    def active(self):
        return self.g(L.G_ACTIVE)

    @property
    def error(self):
        return self.g(L.G_ERROR)

    def check(self):
        EN.check_invariants(self.st, self.ct, self.lg, self.decks, self.leaders)
        assert self.error == 0, EN.ERRORS.get(self.error, self.error)

    def legal(self, p=None):
        p = self.active if p is None else p
        out = np.zeros(BUF, dtype=np.int32)
        n = LG.legal_main_actions(self.st, self.ct, p, out)
        return [(int(x) & 0xFF, (int(x) >> 8) & 0xFF, (int(x) >> 16) & 0xFF) for x in out[:n]]

    def attacks(self, p=None):
        return {(a, b) for k, a, b in self.legal(p) if k == LG.A_ATTACK}

    def can_play(self, p, card):
        return bool(LG.can_play_from_hand(self.st, self.ct, p, self.hand(p).index(card), 0))

    def act(self, kind, a=0, b=0):
        EN.apply_main_action(self.st, self.ct, self.lg, self.active, kind | (a << 8) | (b << 16),
                             self.fams, self.prms, self.rng, self.buf, True, self.decks,
                             self.leaders)

    def play(self, card, x=0):
        self.act(LG.A_PLAY, self.hand(self.active).index(card), x)

    def attack(self, att, tgt=L.LEADER_REF):
        self.act(LG.A_ATTACK, att, tgt)

    def start_turn(self):
        return bool(EN.start_turn(self.st, self.ct, self.lg, self.fams, self.prms, self.rng))

    def end_phase(self):
        EN.end_phase(self.st, self.lg)

    def damage(self, d, n, critical=False, victory=False):
        EN.damage_leader(self.st, self.ct, self.lg, d, n, critical, victory)

    def check_loss(self):
        EN.check_loss(self.st, self.lg)


def make_game(hands=((), ()), decks=((), ()), life=None, battle=((), ()), energy=((), ()),
              drop=((), ()), leaders=(LEADER, LEADER), turn=3, active=0, first=0,
              fams=(RANDOM, RANDOM), deck_size=50, seed=7) -> Game:
    """A mid-game state. battle: per player a list of card ids or (card, rested); energy: a
    list of card ids (Active) or (card, rested). Decks are padded with FILLER at the bottom so
    that each player owns deck_size cards. Strategies default to `random` for the tests'
    decisions that are not scripted; a test that needs none sets them where they are asked."""
    life = ((FILLER,) * 8, (FILLER,) * 8) if life is None else life
    st = np.zeros(L.SIZE, dtype=np.int32)
    deck_arr = np.full((2, L.CARD_CAP), -1, dtype=np.int32)
    for p in range(2):
        b = p * L.PSIZE
        bat = [(c, 0) if isinstance(c, int) else c for c in battle[p]]
        en = [(c, 0) if isinstance(c, int) else c for c in energy[p]]
        others = len(hands[p]) + len(life[p]) + len(bat) + len(en) + len(drop[p])
        deck = list(decks[p]) + [FILLER] * max(0, deck_size - others - len(decks[p]))
        for i, c in enumerate(reversed(deck)):
            st[b + L.DECK + i] = c
        st[b + L.N_DECK] = len(deck)
        for i, c in enumerate(hands[p]):
            st[b + L.HAND + i] = c
        st[b + L.N_HAND] = len(hands[p])
        for i, c in enumerate(reversed(life[p])):
            st[b + L.LIFE + i] = c
        st[b + L.N_LIFE] = len(life[p])
        for i, c in enumerate(drop[p]):
            st[b + L.DROP + i] = c
        st[b + L.N_DROP] = len(drop[p])
        for i, (c, r) in enumerate(bat):
            st[b + L.B_CARD + i] = c
            st[b + L.B_REST + i] = r
        st[b + L.N_BATTLE] = len(bat)
        for i, (c, r) in enumerate(en):
            st[b + L.EN_CARD + i] = c
            st[b + L.EN_REST + i] = r
            if not r:
                st[b + L.EN_ACTIVE] += 1
                for k in range(L.NCOLOR):
                    if CT[c, C.COLORS] & (1 << k):
                        st[b + L.EN_CC + k] += 1
        st[b + L.N_EN] = len(en)
        st[b + L.L_CARD] = leaders[p]
        st[b + L.U_CARD] = L.EMPTY
        st[b + L.FIELD] = L.EMPTY
        owned = (deck + list(hands[p]) + list(life[p]) + [c for c, _ in bat]
                 + [c for c, _ in en] + list(drop[p]))
        st[b + L.DECK_SIZE] = len(owned)
        deck_arr[p, : len(owned)] = owned
    st[L.G_TURN] = turn
    st[L.G_ACTIVE] = active
    st[L.G_FIRST] = first
    st[L.G_WINNER] = L.NONE
    st[L.G_ATT] = L.EMPTY
    st[L.G_GUARD] = L.EMPTY
    st[L.G_TURN_CAP] = 1000
    return Game(st, deck_arr, np.array(leaders, dtype=np.int32), fams, seed)


def new_game(decks, leaders=(LEADER, LEADER), first=0, seed=1, fams=(DEFAULT, DEFAULT),
             turn_cap=1000) -> Game:
    """Run the engine's setup (5-2-1) on two decks (card-id lists)."""
    deck_arr = np.full((2, L.CARD_CAP), -1, dtype=np.int32)
    for p in range(2):
        deck_arr[p, : len(decks[p])] = decks[p]
    g = Game(np.zeros(L.SIZE, dtype=np.int32), deck_arr, np.array(leaders, dtype=np.int32),
             fams)
    EN.setup(g.st, CT, g.lg, deck_arr, g.leaders, first, seed, 0, 0, g.fams, g.prms, g.rng,
             0, turn_cap)
    return g


def play_game(decks, leaders=(LEADER, LEADER), first=0, seed=1, fams=(RANDOM, RANDOM),
              turn_cap=1000) -> Game:
    deck_arr = np.full((2, L.CARD_CAP), -1, dtype=np.int32)
    for p in range(2):
        deck_arr[p, : len(decks[p])] = decks[p]
    g = Game(np.zeros(L.SIZE, dtype=np.int32), deck_arr, np.array(leaders, dtype=np.int32),
             fams)
    g.lg = np.zeros((40000, 5), dtype=np.int32)
    EN.play_game(g.st, CT, g.lg, deck_arr, g.leaders, first, seed, 0, 0, g.fams, g.prms, g.rng,
                 g.buf, 0, turn_cap, True)
    return g
