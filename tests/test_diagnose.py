"""`tcgsim diagnose` and the replay's summary: the games they read are the games `simulate`
plays, the per-turn DON!! follows the rules, and a Leader ability's use and what was paid
for it show on a real list."""

import subprocess
import sys

import polars as pl
import pytest

import tcgsim
from tests.carddata import require


def test_diagnosed_games_are_the_games_simulate_plays():
    d = tcgsim.diagnose("red-luffy", "green-kid", games=40, seed=3, effects="none")
    rows = tcgsim.simulate("red-luffy", "green-kid", games=40, seed=3, effects="none").rows
    assert d.ends.sort("game")["winner"].to_list() == rows.sort("game")["winner"].to_list()
    assert d.ends.sort("game")["turns"].to_list() == rows.sort("game")["turns"].to_list()
    lost_a = d.ends.filter(pl.col("winner") == 1).height
    assert lost_a == rows.filter(pl.col("winner") == 1).height
    assert f"A lost {lost_a} of 40 games" in str(d)


def test_6_4_the_first_turn_adds_one_don_for_the_first_player_two_for_the_second():
    """Seat A goes first in even games and second in odd ones: over a pair of games its
    first turn ends its DON!! Phase with 1 and with 2 DON!! cards in the cost area (6-4-1)."""
    d = tcgsim.diagnose("red-luffy", "green-kid", games=2, seed=5, effects="none")
    first = d.turns.filter((pl.col("seat") == 0) & (pl.col("own_turn") == 1)).row(0, named=True)
    assert first["don_field"] == pytest.approx(1.5) and first["games"] == 2
    second = d.turns.filter((pl.col("seat") == 1) & (pl.col("own_turn") == 2)).row(0, named=True)
    assert second["don_added"] == pytest.approx(2.0)


def _list(name: str) -> str:
    return str(require("decklists", "onepiece", name))


DOFFY = "OP01-060_2023-01-14_davide.txt"
SHANKS = "OP09-001_2026-06-13_doffy.txt"


def test_the_leaders_don_x2_when_attacking_ability_is_paid_for(onepiece_store):
    """Doflamingo OP01-060: "[DON!! x2] [When Attacking] ①: Reveal 1 card ...". The play
    gives its Leader the two DON!! and keeps one active to pay ① (strategies, attack_keep):
    it resolves in most games, each time with 1 DON!! rested for it."""
    d = tcgsim.diagnose(_list(DOFFY), _list(SHANKS), games=60, seed=1, store=onepiece_store)
    leader = d.abilities.filter((pl.col("seat") == 0) & (pl.col("ability") == 0)).row(
        0, named=True)
    assert leader["name"].startswith("Donquixote Doflamingo (OP01-060)")
    assert leader["share_of_games"] > 0.5
    assert leader["rested"] == leader["resolved"]  # ① each time, nothing else
    assert leader["returned"] == 0


def test_diagnose_and_replay_commands(onepiece_store):
    def run(*args):
        return subprocess.run([sys.executable, "-m", "tcgsim", *map(str, args)],
                              capture_output=True, text=True)

    r = run("diagnose", _list(DOFFY), _list(SHANKS), "--store", onepiece_store, "--games", 10)
    assert r.returncode == 0, r.stderr
    assert "abilities (per game; DON!! paid for them):" in r.stdout
    assert "per own turn" in r.stdout and "how games end:" in r.stdout
    r = run("replay", _list(DOFFY), _list(SHANKS), "--store", onepiece_store, "--index", "0")
    assert r.returncode == 0, r.stderr
    assert "In this game:" in r.stdout
    assert "rests 1 DON!! for Donquixote Doflamingo (OP01-060)" in r.stdout
    r = run("diagnose", "red-luffy", "nosuch-deck")
    assert r.returncode == 2 and r.stderr.count("\n") == 1


@pytest.mark.thorough  # 312 diagnosed games
def test_every_yardstick_leader_ability_that_plays_is_used_in_most_games(onepiece_store):
    """Over two games against each of the other yardstick lists (24 a Leader), every Leader
    ability the player chooses to use (one with a cost, or an [Activate: Main]) that
    resolves and is modelled is used in at least half the games: the strategies pay for the
    abilities the decks are built around (docs/validation.md has the rates over 240 games,
    those of the abilities that resolve by themselves when their event happens too)."""
    from tcgsim.experiments.yardstick import read_yardstick
    from tcgsim.simcore.games.onepiece.effects import opcodes as oc
    from tcgsim.simcore.games.onepiece.effects.rules import compile_text
    from tests.carddata import require_shared

    ys = read_yardstick(require_shared("validation", "onepiece"))
    text = {r["code"]: r for r in pl.read_parquet(onepiece_store / "onepiece.parquet").filter(
        pl.col("code").is_in(ys.leaders)).iter_rows(named=True)}
    checked = 0
    for a in ys.leaders:
        chosen = [bool(ab.costs) or ab.timing == oc.T_ACTIVATE_MAIN for ab in compile_text(
            text[a]["text"] or "", text[a]["trigger_text"] or "")]
        shares: dict[int, list[float]] = {}
        texts: dict[int, str] = {}
        for b in ys.leaders:
            if b == a:
                continue
            d = tcgsim.diagnose(ys.decks[a], ys.decks[b], games=2, seed=1,
                                store=onepiece_store)
            for r in d.abilities.filter((pl.col("seat") == 0) & pl.col("leader")).iter_rows(
                    named=True):
                shares.setdefault(r["ability"], []).append(r["share_of_games"])
                texts[r["ability"]] = r["text"]
        for k, s in shares.items():
            if texts[k].startswith("(unmodelled)") or not chosen[k]:
                continue
            checked += 1
            assert sum(s) / len(s) >= 0.5, (a, k + 1, texts[k][:60], sum(s) / len(s))
    assert checked >= 9
