"""The exported checker's words: every sentence its script shows, in the page's language.

The exported checker (``DEST/<lang>/checker/index.html``) places cards in the browser, with
no server to ask. Its script builds each answer from the sentences below, rendered into
the page at export time through gettext: ``{name}`` marks where the script puts a value,
and a sentence that counts something comes in its singular and plural form.
"""

from __future__ import annotations

from flask_babel import get_translations
from flask_babel import gettext as _

from ..web.terms import rule_heading

#: Engine refusals (the ``code`` of the JavaScript engine's Error) the page words itself;
#: any other refusal gets the general sentence.
REFUSALS = ("RowNotAscending", "RowTooLong", "EmptyRow", "CardOutOfRange", "CardTooOften",
            "WrongCardCount", "PlayerRepeated", "TooManyPlayers", "WrongRowCount")


def ngettext(singular: str, plural: str, **values: str) -> dict[str, str]:
    """Both forms of a counted sentence, ``{num}`` where the script puts the count.

    Named ``ngettext`` so that ``make translations`` extracts the pair; the languages of the
    site (en, nl, de) use the singular for 1 and the plural otherwise.
    """
    translations = get_translations()
    values = {"num": "{num}", **values}
    return {"one": translations.ngettext(singular, plural, 1) % values,
            "other": translations.ngettext(singular, plural, 2) % values}


def _refusals() -> dict[str, str]:
    return {
        "RowNotAscending": _("The cards of a row must climb from left to right."),
        "RowTooLong": _("A row holds more cards than this game allows: at most one fewer "
                        "than the card that takes a row."),
        "EmptyRow": _("Every row needs at least one card."),
        "CardOutOfRange": _("A card is not in the deck of this game: check the highest "
                            "card."),
        "CardTooOften": _("A card is on the table or in the revealed cards more often than "
                          "the deck holds it."),
        "WrongCardCount": _("In Nifty every player reveals exactly two cards; in the other "
                            "variants one."),
        "PlayerRepeated": _("A player is named more often than this variant allows."),
        "TooManyPlayers": _("At most 10 players can play."),
        "WrongRowCount": _("The table has 3, 4 or 5 rows."),
    }


def checker_texts() -> dict[str, object]:
    """The sentences of the exported checker's script, keyed as ``rules.js`` reads them."""
    return {
        "rules": {str(n): rule_heading(n) for n in (1, 2, 3, 4)},
        "right": _("%(player)s: %(card)s goes to row %(row)s, after %(end)s.",
                   player="{player}", card="{card}", row="{row}", end="{end}"),
        "left": _("%(player)s: %(card)s goes to row %(row)s, in front of %(first)s.",
                  player="{player}", card="{card}", row="{row}", first="{first}"),
        "twin": _("%(player)s: %(card)s goes on its twin at the end of row %(row)s.",
                  player="{player}", card="{card}", row="{row}"),
        "full": _("%(player)s: %(card)s would be card %(takes_at)s of row %(row)s, so "
                  "%(player)s takes the row and %(card)s starts it anew.",
                  player="{player}", card="{card}", row="{row}", takes_at="{takes_at}"),
        "lowest": _("%(player)s: %(card)s is lower than the end of every row, so %(player)s "
                    "takes row %(row)s and %(card)s starts it anew.",
                    player="{player}", card="{card}", row="{row}"),
        "nothing": _("Takes no cards."),
        "takes": ngettext("Takes %(cards)s: %(num)s bullhead.",
                         "Takes %(cards)s: %(num)s bullheads.", cards="{cards}", num="{num}"),
        "shared": _("Shared with %(player)s: each scores half of the bullheads, rounded up.",
                    player="{player}"),
        "cheap": _("Rows just as cheap: %(rows)s. With no row named, the checker takes the "
                   "lowest number.", rows="{rows}"),
        "steps": _("Where the cards go"),
        "after": _("The table after the turn"),
        "totals": _("Bullheads taken this turn"),
        "bullheads": ngettext("%(num)s bullhead", "%(num)s bullheads", num="{num}"),
        "row": _("Row %(number)s", number="{number}"),
        "tie": _("The %(card)s of %(player)s fits just as well in two places. The booklets "
                 "do not say which one wins: here is what happens in each case.",
                 player="{player}", card="{card}"),
        "if_right": _("If it goes to the right of row %(row)s", row="{row}"),
        "if_left": _("If it goes to the left of row %(row)s", row="{row}"),
        "tie_again": _("A later card of this turn ties as well; settle the first tie before "
                       "you check the rest."),
        "bad_row": _("Row %(row)s: type card numbers separated by commas, for example "
                     "12, 14, 20.", row="{row}"),
        "bad_card": _("Line %(line)s: type the card as a number (in Nifty two numbers, "
                      "separated by a comma).", line="{line}"),
        "no_name": _("Line %(line)s has a card but no player's name.", line="{line}"),
        "no_plays": _("Type at least one revealed card and the name of its player."),
        "bad_max": _("The highest card is a number from 1 to 104."),
        "refused": _("The checker cannot place these cards. Check the rows and the cards "
                     "you typed."),
        "refusals": _refusals(),
    }
