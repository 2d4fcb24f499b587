"""Diagnostics that explain a deck's result, added up over many games' records (a game
package's diagnose.game_records): how often each ability resolved and the DON!! paid for
it, DON!! by purpose, cards played and damage per turn, and how games end."""

from __future__ import annotations

from dataclasses import dataclass

import polars as pl

from tcgsim.reports.render import md_table, text_table

SEATS = ("A", "B")


@dataclass
class Diagnostics:
    """Per seat: `abilities` (one row per ability of the deck's cards: resolved per game,
    share of games it resolved in, DON!! paid per game), `turns` (one row per own turn:
    means over the games that reached it), `ends` (how the games ended)."""

    decks: tuple[str, str]
    games: int
    abilities: pl.DataFrame
    turns: pl.DataFrame
    ends: pl.DataFrame
    reasons: dict[int, str]

    def __str__(self) -> str:
        return terminal(self)


def summarise(records: dict[str, list], columns: dict[str, tuple[str, ...]], games: int,
              deck_abilities: list[tuple[int, int, int, str]], names: dict[int, str],
              decks: tuple[str, str], reasons: dict[int, str],
              leaders: tuple[int, int] = (-1, -1)) -> Diagnostics:
    """Add the records of `games` games up. deck_abilities: (seat, card, ability index,
    text) of every ability of both decks, so that one that never resolved shows as 0;
    leaders: each seat's Leader card, whose abilities come first (column `leader`)."""
    ab = pl.DataFrame(records.get("abilities", []), schema=list(columns["abilities"]),
                      orient="row")
    per = (ab.group_by("seat", "card", "ability")
           .agg(pl.len().alias("resolved"), pl.col("game").n_unique().alias("in_games"),
                pl.col("rested").sum(), pl.col("returned").sum()))
    listed = pl.DataFrame(deck_abilities, schema=["seat", "card", "ability", "text"],
                          orient="row").with_columns(pl.col("seat", "card", "ability")
                                                     .cast(pl.Int64))
    per = per.with_columns(pl.col("seat", "card", "ability").cast(pl.Int64))
    abilities = (listed.join(per, on=["seat", "card", "ability"], how="full", coalesce=True)
                 .with_columns(pl.col("resolved", "in_games", "rested", "returned")
                               .fill_null(0), pl.col("text").fill_null("?"))
                 .with_columns(
                     pl.col("card").replace_strict(names, default="?").alias("name"),
                     (pl.col("resolved") / games).alias("per_game"),
                     (pl.col("in_games") / games).alias("share_of_games"),
                     (pl.col("rested") / games).alias("don_rested_per_game"),
                     (pl.col("returned") / games).alias("don_returned_per_game"),
                     (pl.col("card") == pl.col("seat").replace_strict(
                         {0: leaders[0], 1: leaders[1]}, default=-1)).alias("leader"))
                 .sort("seat", pl.col("leader").not_(), "card", "ability"))
    tu = pl.DataFrame(records.get("turns", []), schema=list(columns["turns"]), orient="row")
    turns = (tu.filter(pl.col("own_turn") > 0).group_by("seat", "own_turn")
             .agg(pl.len().alias("games"), *[pl.col(c).mean() for c in columns["turns"][3:]])
             .with_columns((pl.col("games") / games).alias("reached"))
             .sort("seat", "own_turn"))
    ends = pl.DataFrame(records.get("ends", []), schema=list(columns["ends"]), orient="row")
    return Diagnostics(decks, games, abilities, turns, ends, reasons)


def _seat_lines(d: Diagnostics, seat: int, max_turns: int) -> list[str]:
    ab = d.abilities.filter(pl.col("seat") == seat)
    rows = [[f"{r['name']}", str(r["ability"] + 1), f"{r['per_game']:.2f}",
             f"{100 * r['share_of_games']:.0f} %", f"{r['don_rested_per_game']:.2f}",
             f"{r['don_returned_per_game']:.2f}", _short(r["text"])]
            for r in ab.iter_rows(named=True)]
    out = [f"{SEATS[seat]} ({d.decks[seat]})", "", "abilities (per game; DON!! paid for them):",
           text_table(["card", "#", "resolved", "in games", "rested", "DON!! -N", "text"],
                      rows) if rows else "  (no ability is modelled for this deck)"]
    tu = d.turns.filter((pl.col("seat") == seat) & (pl.col("own_turn") <= max_turns))
    trows = [[str(r["own_turn"]), f"{100 * r['reached']:.0f} %", f"{r['don_field']:.1f}",
              f"{r['don_given']:.2f}", f"{r['don_rested']:.2f}", f"{r['don_returned']:.2f}",
              f"{r['plays']:.2f}", f"{r['dealt']:.2f}", f"{r['taken']:.2f}"]
             for r in tu.iter_rows(named=True)]
    out += ["", "per own turn (means over the games that reached it):",
            text_table(["turn", "reached", "DON!! on field", "given", "rested for abilities",
                        "DON!! -N", "cards played", "damage dealt", "damage taken"], trows)]
    return out


def _short(text: str, width: int = 70) -> str:
    text = " ".join(str(text).replace("<br>", " ").split())
    return text if len(text) <= width else text[: width - 1] + "…"


def end_lines(d: Diagnostics) -> list[str]:
    e = d.ends
    out = ["how games end:"]
    for seat in (0, 1):
        lost = e.filter(pl.col("winner") == 1 - seat)
        if lost.height == 0:
            out.append(f"  {SEATS[seat]} lost no game")
            continue
        why = ", ".join(f"{d.reasons.get(r, r)} {100 * n / lost.height:.0f} %" for r, n in
                        lost.group_by("reason").len().sort("len", descending=True).rows())
        left = lost[f"life_{'ba'[seat]}"].mean()
        out.append(f"  {SEATS[seat]} lost {lost.height} of {d.games} games "
                   f"({100 * lost.height / d.games:.1f} %), on turn "
                   f"{lost['turns'].mean():.1f} on average, the winner keeping {left:.1f} "
                   f"Life; {why}")
    draws = e.filter(pl.col("winner") == -1).height
    if draws:
        out.append(f"  draws: {draws}")
    return out


def ability_lines(d: Diagnostics) -> list[str]:
    """Per seat, the abilities that resolved (times, DON!! paid): a replay's summary."""
    out = []
    for seat in (0, 1):
        ab = d.abilities.filter((pl.col("seat") == seat) & (pl.col("resolved") > 0))
        parts = []
        for r in ab.iter_rows(named=True):
            paid = [f"{r[k]} DON!! {w}" for k, w in (("rested", "rested"),
                                                      ("returned", "returned")) if r[k]]
            parts.append(f"{r['name']} #{r['ability'] + 1} x{r['resolved']}"
                         + (f" ({', '.join(paid)})" if paid else ""))
        out.append(f"  {SEATS[seat]}: " + ("; ".join(parts) if parts else "no ability resolved"))
    return out


def terminal(d: Diagnostics, max_turns: int = 10) -> str:
    out = [f"diagnostics of {d.games} games: {d.decks[0]} (A) vs {d.decks[1]} (B)", ""]
    for seat in (0, 1):
        out += _seat_lines(d, seat, max_turns) + [""]
    out += end_lines(d)
    return "\n".join(out) + "\n"


def markdown(d: Diagnostics, max_turns: int = 10) -> str:
    """The same as a markdown section."""
    out = [f"## Diagnostics ({d.games} games)", ""]
    for seat in (0, 1):
        ab = d.abilities.filter(pl.col("seat") == seat)
        out += [f"### {SEATS[seat]}: {d.decks[seat]}", "",
                md_table(["card", "#", "resolved / game", "in games", "DON!! rested / game",
                          "DON!! -N / game", "text"],
                         [[r["name"], r["ability"] + 1, f"{r['per_game']:.2f}",
                           f"{100 * r['share_of_games']:.0f} %",
                           f"{r['don_rested_per_game']:.2f}",
                           f"{r['don_returned_per_game']:.2f}",
                           _short(r["text"]).replace("|", "/")]
                          for r in ab.iter_rows(named=True)]), ""]
    out += [f"- {x.strip()}" for x in end_lines(d)[1:]] + [""]
    return "\n".join(out)
