"""Card text normalisation and clause shapes (simcore.effects.text)."""

from tcgsim.simcore.effects.syntax import Syntax
from tcgsim.simcore.effects.text import normalise, sentences, shape
from tcgsim.simcore.games.onepiece.effects.syntax import SYNTAX as ONE_PIECE


def test_normalise_decodes_entities_and_typography():
    assert normalise("If your Leader has the &lt;Slash&gt; attribute") == \
        "If your Leader has the <Slash> attribute"
    assert normalise("Give up to one of your opponent\u2019s Characters \u22123000 power.") == \
        "Give up to 1 of your opponent's Characters -3000 power."
    assert normalise("\u2460: Draw\u00a0two  cards.") == "(1): Draw 2 cards."
    assert normalise("\uff11\uff10\uff10\uff10 power") == "1000 power"  # full-width digits
    assert normalise(None) == "" and normalise("") == ""


def test_a_full_stop_inside_a_name_or_type_ends_no_sentence():
    from tcgsim.simcore.effects.clauses import split_sentences

    text = "Play up to 1 card other than [Dr. Hogback] from your trash. Draw 1 card."
    want = ["Play up to 1 card other than [Dr. Hogback] from your trash.", "Draw 1 card."]
    assert sentences(text) == want and split_sentences(text) == want
    assert sentences("Add 1 {Mr. Type} card. Then, draw 1 card.") == [
        "Add 1 {Mr. Type} card.", "Then, draw 1 card."]


def test_sentences_split_at_sentence_ends_and_bullets():
    assert sentences("[On Play] Draw 1 card. Then, trash 1 card from your hand.") == [
        "[On Play] Draw 1 card.", "Then, trash 1 card from your hand."]
    assert sentences("Choose one: • Draw 1 card. • K.O. up to 1 Character.") == [
        "Choose one: • Draw 1 card.", "• K.O. up to 1 Character."]


def test_shape_abstracts_numbers_types_names_and_attributes():
    tags = Syntax(tags=frozenset({"On Play", "Trigger"}), kept=r"[A-Z!]+ x\d+")
    assert shape("[On Play] Look at 5 cards from the top of your deck; reveal up to 1 "
                 "{Straw Hat Crew} type card other than [Nami]", tags) == \
        "[On Play] Look at N cards from the top of your deck; reveal up to N {T} type card " \
        "other than [NAME]"
    assert shape("[DON!! x2] gains +2000 power against &lt;Slash&gt; cards", tags) == \
        "[DON!! xN] gains +N power against <A> cards"
    assert shape("\u2780 You may rest this Character: give -2000 power", tags) == \
        "(N) You may rest this Character: give -N power"


def test_normalise_entities_circled_numbers_quotes_dashes_number_words():
    raw = "&lt;Slash&gt; \u2460 \u201cx\u201d DON!! \u22122 two cards\u2014ok"
    assert normalise(raw) == "<Slash> (1) \"x\" DON!! -2 2 cards-ok"


def test_number_words_kept_inside_types_and_names():
    assert normalise("{The Seven X} [Two Y] seven") == "{The Seven X} [Two Y] 7"


def test_normalise_double_escaped_entities_and_breaks():
    assert normalise("a&amp;lt;b&amp;gt;<br>c") == "a<b>\nc"


def test_shape_keeps_only_the_tags_a_game_declares():
    assert shape("[DON!! x2] [On Play] draw 1") == "[NAME] [NAME] draw N"  # none declared
    assert shape("[DON!! x2] [On Play] draw 1", ONE_PIECE) == "[DON!! xN] [On Play] draw N"


def test_shape_histogram_key():
    assert shape("K.O. up to 1 {X} Character with a cost of 3 or less other than [Y]") \
        == "K.O. up to N {T} Character with a cost of N or less other than [NAME]"
