"""Continuous abilities (8-1-3-3) as effects/interp.settle_field recomputes them: each copy
applies, a new Character is covered, a source that leaves stops applying, a condition on
something other than the field is rechecked. Their results are kept while nothing they read
changed (fx CONT_KEPT: which cards are where, whose turn it is, and the state ranges of the
memo offsets); the kept results follow every change of any of those."""

from tcgsim.simcore.games.onepiece import zones as Z
from tests.onepiece import support as S

FX = S.FX_ID
CT, FXA = S.fx_tables("approx")


def game(**kw) -> S.Game:
    return S.make_game(ct=CT, fx=FXA, **kw)


def test_8_1_3_3_each_copy_of_a_continuous_ability_applies():
    """Two "Give all of your opponent's Characters -1000 power": -2000 to each of them, the
    Leader untouched; one copy K.O.'d leaves -1000."""
    g = game(chars=([FX["FX_ALL_OPP_MINUS"], FX["FX_ALL_OPP_MINUS"]], [S.C5K, S.C4K]))
    leader_power = g.power(1, S.LEADER_REF)
    g.main_phase_settle()
    assert (g.power(1, 0), g.power(1, 1)) == (3000, 2000)
    assert g.power(1, S.LEADER_REF) == leader_power
    assert (g.power(0, 0), g.power(0, 1)) == (2000, 2000)  # its own side is not affected
    g.ko(0, 0)
    g.main_phase_settle()
    assert (g.power(1, 0), g.power(1, 1)) == (4000, 3000)
    g.check()


def test_8_1_3_3_a_character_that_enters_the_same_slot_is_covered_again():
    """The opponent's Character leaves and a copy of it enters the same slot (its modifier
    fields start empty, 3-7-5): the continuous -1000 applies to the new card too, although
    the field holds the same cards as before."""
    g = game(chars=([FX["FX_ALL_OPP_MINUS"]], [S.C5K]))
    g.main_phase_settle()
    assert g.power(1, 0) == 4000
    g.ko(1, 0)
    slot = Z.place_character(g.st, g.ct, g.lg, 1, S.C5K, g.fams, g.prms, g.rng)
    assert slot == 0 and g.power(1, 0) == 5000  # fresh slot fields
    g.main_phase_settle()
    assert g.power(1, 0) == 4000


def test_8_1_3_3_the_source_leaving_ends_the_effect():
    g = game(chars=([FX["FX_ALL_OPP_MINUS"]], [S.C5K]))
    g.main_phase_settle()
    assert g.power(1, 0) == 4000
    g.ko(0, 0)
    g.main_phase_settle()
    assert g.power(1, 0) == 5000


def test_8_1_3_3_a_condition_on_life_is_rechecked_without_a_change_on_the_field():
    """"If you have 2 or less Life cards, this Character gains +1000 power": damage that
    changes nothing on the field still turns it on at the next recomputation."""
    g = game(chars=([FX["FX_LOW_LIFE_BUFF"]], ()), life=([S.FILLER] * 3, [S.FILLER] * 5))
    g.main_phase_settle()
    assert g.power(0, 0) == 3000
    g.damage(0, 1)
    assert len(g.life(0)) == 2
    g.main_phase_settle()
    assert g.power(0, 0) == 4000


def test_8_1_3_3_a_deck_without_continuous_abilities_is_skipped_the_other_still_applies():
    """note_decks marks the player whose 50 cards have no continuous ability (settle_field
    then skips their field); the other player's source still applies, and stops applying
    when it leaves, as with no mark."""
    from tcgsim.simcore.games.onepiece.effects import interp as IN
    from tcgsim.simcore.games.onepiece.layout import FX_NO_CONT, FX_NO_HAND, G_FX_SKIP

    g = game(chars=([FX["FX_ALL_OPP_MINUS"]], [S.C5K]))
    assert all(len(set(g.decks[p])) > 1 for p in range(2))  # both decks known to the state
    IN.note_decks(g.st, g.fx, g.decks)
    assert g.st[G_FX_SKIP] & (FX_NO_CONT << 0) == 0  # its source can be on the field
    assert g.st[G_FX_SKIP] & (FX_NO_CONT << 1) != 0
    assert g.st[G_FX_SKIP] & (FX_NO_HAND << 0) and g.st[G_FX_SKIP] & (FX_NO_HAND << 1)
    g.main_phase_settle()
    assert g.power(1, 0) == 4000
    g.ko(0, 0)
    g.main_phase_settle()
    assert g.power(1, 0) == 5000


# A pair whose continuous abilities read only which cards are where and whose turn it is:
# kept (fx CONT_KEPT) with no memo offsets, until a card enters or leaves the field or the
# turn passes.

FIELD_ONLY = [i for i, code in enumerate(S.FX_TABLE.codes) if not code.startswith("FX_")] + [
    FX["FX_ALL_OPP_MINUS"], FX["FX_YOUR_TURN_BUFF"], FX["FX_OPP_TURN_BLOCKER"]]


def pair_game(extra: list[int], **kw) -> S.Game:
    """A game whose fx is packed for the vanilla cards and the FX cards `extra` only."""
    from tcgsim.simcore.games.onepiece.effects.pack import pair_tables

    ids = [i for i, code in enumerate(S.FX_TABLE.codes) if not code.startswith("FX_")]
    ct, fx = pair_tables(S.FX_TABLE, ids + extra, "approx")
    return S.make_game(ct=ct, fx=fx, **kw)


def field_only_game(**kw) -> S.Game:
    return pair_game(FIELD_ONLY[-3:], **kw)


def memo_fields(fx) -> set[tuple[int, int]]:
    """The fields of fx's memo offsets, as (player, field offset in the player block)."""
    from tcgsim.simcore.effects import fxlayout as L
    from tcgsim.simcore.games.onepiece.layout import NREF, PSIZE, SLOT_FIELDS

    out = set()
    for i in range(fx[L.H_NMEMO]):
        p, off = divmod(int(fx[fx[L.H_MEMO] + i]), PSIZE)
        field = next((f for f in SLOT_FIELDS if f <= off < f + NREF), off)
        out.add((p, field))
    return out


def test_8_1_3_3_a_pair_that_reads_only_the_field_is_kept_with_no_memo_offsets():
    from tcgsim.simcore.effects import fxlayout as L

    fx = field_only_game().fx
    assert fx[L.H_FLAGS] & L.CONT_KEPT and fx[L.H_NMEMO] == 0


def test_8_1_3_3_memo_offsets_name_what_the_continuous_abilities_read():
    """A Life condition reads both Life counts; a cost bound, the cost modifiers; an ability
    that negates adds the fields negation is kept in. A count of given DON!! changes with
    most actions, so that pair is recomputed every time, as is one with a condition the
    memo does not classify (a register)."""
    from tcgsim.simcore.effects import fxlayout as L
    from tcgsim.simcore.games.onepiece import layout as Y
    from tcgsim.simcore.games.onepiece.effects import opcodes as oc
    from tcgsim.simcore.games.onepiece.effects.memo import memo_offsets

    both = lambda *offs: {(p, o) for p in range(2) for o in offs}  # noqa: E731
    assert memo_fields(pair_game([FX["FX_LOW_LIFE_BUFF"]]).fx) == both(Y.N_LIFE)
    assert memo_fields(pair_game([FX["FX_COSTLY_BUFF"]]).fx) == both(Y.F_TCOST, Y.F_NCOST)
    assert memo_fields(pair_game([FX["FX_ALL_OPP_MINUS"], FX["FX_NEGATE"]]).fx) == both(
        Y.F_TKW, Y.F_BKW, Y.F_NKW)
    assert not pair_game([FX["FX_GIVEN_BUFF"]]).fx[L.H_FLAGS] & L.CONT_KEPT
    ab = [0] * L.AB_W
    ab[L.AB_TIMING], ab[L.AB_NCOND] = oc.T_CONTINUOUS, 1
    cond = [0] * L.COND_W
    cond[L.CD_KIND], cond[L.CD_FLT] = oc.CK_OK, -1
    assert memo_offsets([ab], [], [cond], []) is None


def test_8_1_3_3_kept_results_follow_a_cost_modifier():
    """"All of your Characters with a cost of 2 or more gain +1000 power": a -1 cost given
    during this turn (no card enters or leaves) takes a cost-2 Character out of it, and the
    End Phase that ends the modifier brings it back."""
    from tcgsim.simcore.games.onepiece.effects import interp as IN
    from tcgsim.simcore.games.onepiece.effects import opcodes as oc
    from tcgsim.simcore.games.onepiece.layout import PSIZE

    g = pair_game([FX["FX_COSTLY_BUFF"]], chars=([FX["FX_COSTLY_BUFF"], S.C5K], ()))
    assert g.ct[S.C5K, S.C.COST] == 2 and g.power(0, 1) == 5000
    g.main_phase_settle()
    assert g.power(0, 1) == 6000 and g.power(0, 0) == 1000  # the source costs 1
    g.main_phase_settle()  # nothing changed: the kept result
    assert g.power(0, 1) == 6000
    IN.modify(g.st, oc.OP_COST, -1, oc.D_TURN, 0, 0 * PSIZE + 1)
    g.main_phase_settle()
    assert g.power(0, 1) == 5000
    g.end_phase()
    g.main_phase_settle()
    assert g.power(0, 1) == 6000
    g.check()


def test_8_1_3_3_dons_given_and_negation_change_the_results():
    """"If you have a total of 2 or more given DON!! cards, this Character gains +2000
    power": the second DON!! given turns it on (recomputed every time). An opponent's
    Character that gives -1000 to all of ours stops doing so once its effects are negated
    during this turn (kept, with the negation fields in the snapshot)."""
    from tcgsim.simcore.games.onepiece.effects import interp as IN
    from tcgsim.simcore.games.onepiece.effects import opcodes as oc
    from tcgsim.simcore.games.onepiece.layout import PSIZE

    g = pair_game([FX["FX_GIVEN_BUFF"]], chars=([FX["FX_GIVEN_BUFF"]], ()), don_active=(3, 0))
    g.main_phase_settle()
    assert g.power(0, 0) == 3000
    g.give(S.LEADER_REF)
    g.main_phase_settle()
    assert g.power(0, 0) == 3000
    g.give(S.LEADER_REF)
    g.main_phase_settle()
    assert g.power(0, 0) == 5000

    g = pair_game([FX["FX_ALL_OPP_MINUS"], FX["FX_NEGATE"]],
                  chars=([S.C5K], [FX["FX_ALL_OPP_MINUS"]]))
    g.main_phase_settle()
    assert g.power(0, 0) == 4000
    g.main_phase_settle()  # kept
    assert g.power(0, 0) == 4000
    IN.modify(g.st, oc.OP_PROHIBIT, oc.PR_NEGATED, oc.D_TURN, 0, 1 * PSIZE + 0)  # as OP_NEGATE
    g.main_phase_settle()
    assert g.power(0, 0) == 5000


def test_8_1_3_3_kept_results_follow_every_card_that_enters_or_leaves():
    """The same steps as above on the kept pair: a Character that enters (even a copy into
    the same slot) is covered, a source that leaves stops applying, each copy applies. (The
    scripted placements bring cards from outside the decks, so no card count is checked.)"""
    g = field_only_game(chars=([FX["FX_ALL_OPP_MINUS"]], [S.C5K]))
    g.main_phase_settle()
    assert g.power(1, 0) == 4000
    g.main_phase_settle()  # nothing changed: the kept result
    assert g.power(1, 0) == 4000
    g.ko(1, 0)
    assert Z.place_character(g.st, g.ct, g.lg, 1, S.C5K, g.fams, g.prms, g.rng) == 0
    g.main_phase_settle()
    assert g.power(1, 0) == 4000
    Z.place_character(g.st, g.ct, g.lg, 1, S.C4K, g.fams, g.prms, g.rng)
    Z.place_character(g.st, g.ct, g.lg, 0, FX["FX_ALL_OPP_MINUS"], g.fams, g.prms, g.rng)
    g.main_phase_settle()
    assert (g.power(1, 0), g.power(1, 1)) == (3000, 2000)
    g.ko(0, 0)
    g.ko(0, 1)
    g.main_phase_settle()
    assert (g.power(1, 0), g.power(1, 1)) == (5000, 4000)


def test_10_2_11_kept_results_follow_the_turn():
    """[Your Turn] +2000 and [Opponent's Turn] [Blocker] on the kept pair: the End Phase
    passes the turn, and the next recomputation swaps which of the two applies."""
    g = field_only_game(chars=([FX["FX_YOUR_TURN_BUFF"], FX["FX_OPP_TURN_BLOCKER"]], ()))
    g.main_phase_settle()
    assert g.power(0, 0) == 5000 and not g.is_legal_blocker(0, 1)
    g.end_phase()  # player 1's turn
    g.main_phase_settle()
    assert g.power(0, 0) == 3000 and g.is_legal_blocker(0, 1)
    g.check()


def test_debug_mode_finds_kept_results_that_differ_from_a_recomputation():
    """Debug games check, after each Main Phase action, that the kept results are those a
    recomputation gives (interp.kept_results_hold, error ERR_FX_KEPT): a kept -1000 that
    went missing is found, and recomputed."""
    from tcgsim.simcore.games.onepiece.effects import interp as IN
    from tcgsim.simcore.games.onepiece.layout import F_CPOW, PSIZE

    g = field_only_game(chars=([FX["FX_ALL_OPP_MINUS"]], [S.C5K]))
    g.main_phase_settle()
    assert IN.kept_results_hold(g.st, g.ct, g.fx, g.buf)
    g.st[1 * PSIZE + F_CPOW + 0] = 0  # as if a change had not been noticed
    Z.sum_modifiers(g.st, 1 * PSIZE + 0)
    assert g.power(1, 0) == 5000
    assert not IN.kept_results_hold(g.st, g.ct, g.fx, g.buf)
    assert g.power(1, 0) == 4000  # recomputed
    assert IN.kept_results_hold(g.st, g.ct, g.fx, g.buf)


def test_8_1_3_3_named_cards_and_the_source_gain_a_keyword_and_a_base_power():
    """"All of your [FX_CREW] cards and this Character gain [Double Attack]" and "[Opponent's
    Turn] ... base power become 6000": both selections of one continuous ability are summed
    (the named card's too, not only the last selection's); another Character is untouched."""
    from tcgsim.simcore.games.onepiece import cards as C
    from tcgsim.simcore.games.onepiece import legal as LG
    from tcgsim.simcore.games.onepiece.layout import G_ACTIVE

    g = game(chars=([FX["FX_CREW_DOUBLE"], FX["FX_CREW"], S.C5K], ()))
    g.main_phase_settle()
    kw = [int(LG.slot_kw(g.st, g.ct, 0, r)) & C.KW_DOUBLE_ATTACK for r in range(3)]
    assert kw == [C.KW_DOUBLE_ATTACK, C.KW_DOUBLE_ATTACK, 0]
    assert (g.power(0, 0), g.power(0, 1), g.power(0, 2)) == (1000, 1000, 5000)
    g.st[G_ACTIVE] = 1  # the opponent's turn: the base powers become 6000 (4-9-2-1)
    g.main_phase_settle()
    assert (g.power(0, 0), g.power(0, 1), g.power(0, 2)) == (6000, 6000, 5000)
    g.check()


def test_10_2_12_all_cards_of_either_name_gain_power_on_the_opponents_turn():
    """"[Opponent's Turn] All of your [FX_CREW] and [FX_DRAW2] cards gain +3000 power": on
    the opponent's turn every card of either name gains it (1-3-2), a card of another name
    and the source do not; on its owner's turn nothing changes."""
    from tcgsim.simcore.games.onepiece.layout import G_ACTIVE

    g = game(chars=([FX["FX_PAIR_GUARD"], FX["FX_CREW"], FX["FX_DRAW2"], S.C5K], ()))
    g.main_phase_settle()
    assert [g.power(0, r) for r in range(4)] == [1000, 1000, 1000, 5000]
    g.st[G_ACTIVE] = 1
    g.main_phase_settle()
    assert [g.power(0, r) for r in range(4)] == [1000, 4000, 4000, 5000]
    g.check()


def test_7_1_1_1_the_opponent_may_attack_only_the_named_character_while_it_is_rested():
    """"If this Character is rested, your opponent cannot attack any card other than the
    Character [FX_TAUNT]": rested, it is the only legal target (not the Leader, not another
    rested Character); an attack on the Leader is illegal; active, it limits nothing; K.O.'d,
    the limit ends at the next recomputation."""
    from tcgsim.simcore.games.onepiece import engine as EN

    taunt = {"card": FX["FX_TAUNT"], "rested": 1}
    g = game(chars=([S.C5K], [taunt, {"card": S.C4K, "rested": 1}]))
    g.main_phase_settle()
    L = S.LEADER_REF
    assert g.attacks(0) == {(0, 0), (L, 0)}  # the Character and the Leader may attack it
    g.attack(0, L)
    assert g.error == EN.ERR_ILLEGAL
    g = game(chars=([S.C5K], [FX["FX_TAUNT"], {"card": S.C4K, "rested": 1}]))
    g.main_phase_settle()
    assert g.attacks(0) == {(0, L), (0, 1), (L, L), (L, 1)}
    g = game(chars=([S.C5K], [taunt, {"card": S.C4K, "rested": 1}]))
    g.main_phase_settle()
    g.ko(1, 0)
    g.main_phase_settle()
    assert g.attacks(0) == {(0, L), (0, 1), (L, L), (L, 1)}


# Continuous abilities that read what others change (8-1-3-3-5): the turn player's, then the
# non-turn player's, repeated until nothing changes, so that neither seat's abilities see the
# other's before they apply.


def test_8_1_3_3_5_a_condition_reads_the_cost_the_other_players_ability_gives():
    """"If there is a Character with a cost of 12 or more, this Character gains +3000
    power" sees the opponent's cost-1 Character that "gains +12 cost", whichever player
    holds which card and whoever's turn it is."""
    for buff_side in (0, 1):
        chars = [[], []]
        chars[buff_side] = [FX["FX_IF_COST12_BUFF"]]
        chars[1 - buff_side] = [FX["FX_GAINS_COST12"]]
        for active in (0, 1):
            g = game(chars=tuple(chars))
            g.st[S.G_ACTIVE] = active
            g.main_phase_settle()
            assert g.power(buff_side, 0) == 1000 + 3000, (buff_side, active)
            assert g.power(1 - buff_side, 0) == 1000
            g.ko(1 - buff_side, 0)  # the cost-13 Character leaves: the condition fails
            g.main_phase_settle()
            assert g.power(buff_side, 0) == 1000, (buff_side, active)


def test_8_1_3_3_5_a_pair_that_reads_costs_is_marked_for_repeated_passes():
    from tcgsim.simcore.effects import fxlayout as L

    assert pair_game([FX["FX_GAINS_COST12"], FX["FX_IF_COST12_BUFF"]]).fx[L.H_FLAGS] \
        & L.CONT_CHAIN
    assert not field_only_game().fx[L.H_FLAGS] & L.CONT_CHAIN
