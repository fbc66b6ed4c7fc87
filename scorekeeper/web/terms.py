"""The booklets' names for the four placement rules and for the variants, in one place.

Every page that names a rule or a variant takes the name from here, so the rules
reference, the checker and the score sheet call them the same in every language. The
names follow the booklets: the English jubilee booklet, the Dutch one ("de opklimmende
getalvolgorde", "Tactiek", "Geraffineerd", ...) and the German rule text ("aufsteigende
Reihenfolge", "niedrigste Differenz", ...).

Python code imports the constants; templates call the Jinja globals that
:func:`init_app` registers: ``rule_name(n)``, ``rule_heading(n)``, ``variant_name(key)``,
``variant_heading(key)`` and ``takes_name(t)``.
"""

from __future__ import annotations

from flask import Flask
from flask_babel import LazyString, gettext, lazy_gettext

#: Rule number (1 to 4) -> the rule's name as the booklets print it, for running text.
RULE_NAMES: dict[int, LazyString] = {
    # Translators: name of placement rule 1 as the booklets print it, used in running text
    # and after "Rule 1:". Dutch booklet: "de opklimmende getalvolgorde"; German:
    # "aufsteigende Reihenfolge".
    1: lazy_gettext("ascending order"),
    # Translators: name of placement rule 2 as the booklets print it. Dutch booklet:
    # "het kleinste verschil"; German: "niedrigste Differenz".
    2: lazy_gettext("smallest difference"),
    # Translators: name of placement rule 3 as the booklets print it. Dutch booklet:
    # "een volle rij"; German: "volle Reihe".
    3: lazy_gettext("full row"),
    # Translators: name of placement rule 4 as the booklets print it. Dutch booklet:
    # "de laagste kaart"; German: "niedrigste Karte".
    4: lazy_gettext("lowest card"),
}

#: Variant key -> its name in the booklets ("basic" is the game without a variant).
#: The keys are those of the API (``variant``) plus the deck-only variants.
VARIANT_NAMES: dict[str, LazyString] = {
    # Translators: the game without any variant. Dutch booklet: "basisspel".
    "basic": lazy_gettext("Basic game"),
    # Translators: name of the booklet's variant 1. Dutch booklet: "Tactiek".
    "tactics": lazy_gettext("Tactics"),
    # Translators: name of the booklet's variant 2. Dutch booklet: "Logica".
    "logic": lazy_gettext("Logic"),
    # Translators: name of the booklet's variant 3. Dutch booklet: "Toernooi".
    "tournament": lazy_gettext("Tournament"),
    # Translators: name of the booklet's variant 4. Dutch booklet: "Profs".
    "professional": lazy_gettext("Professional"),
    # Translators: name of the booklet's variant 5 (cards played face up). Dutch booklet:
    # "Open".
    "open": lazy_gettext("Open"),
    # Translators: name of the booklet's variant 6 (two cards each). Dutch booklet:
    # "Geraffineerd".
    "nifty": lazy_gettext("Nifty"),
    # Translators: name of the booklet's variant 7. Dutch booklet: "Hand".
    "hand": lazy_gettext("Hand"),
    # Translators: name of the booklet's variant 8 (two decks). Dutch booklet: "Dubbel".
    "double": lazy_gettext("Double"),
}

#: The booklets' numbering of their eight variants.
VARIANT_NUMBERS: dict[str, int] = {
    "tactics": 1, "logic": 2, "tournament": 3, "professional": 4,
    "open": 5, "nifty": 6, "hand": 7, "double": 8,
}

#: The postscript's doubling rule, "Maagd" in the Dutch booklet.
# Translators: the rule from the Dutch booklet's postscript ("Maagd"): a player who takes
# no cards in a deal doubles everybody's minus points of that deal.
VIRGIN_NAME: LazyString = lazy_gettext("Virgin doubling")


def rule_name(number: int) -> str:
    """The booklets' name of rule ``number`` (1 to 4) in the current language."""
    return str(RULE_NAMES[number])


def rule_heading(number: int) -> str:
    """``Rule 2: smallest difference``: a rule's number and name, as a heading."""
    # Translators: a heading: the rule's number and its name from the booklets.
    return gettext("Rule %(number)s: %(name)s", number=number, name=RULE_NAMES[number])


def variant_name(key: str) -> str:
    """The booklets' name of a variant (``"nifty"`` -> ``Nifty``) in the current language."""
    return str(VARIANT_NAMES[key])


def variant_heading(key: str) -> str:
    """``Variant 6: Nifty``: the booklet's number and name of a variant, as a heading."""
    # Translators: a heading: the booklet's number of a variant and its name.
    return gettext("Variant %(number)s: %(name)s", number=VARIANT_NUMBERS[key],
                   name=VARIANT_NAMES[key])


def takes_name(takes_at: int) -> str:
    """``5 nimmt``: the postscript's name for a game where card ``takes_at`` takes a row."""
    # Translators: the postscript's name for a game in which the N-th card takes a row,
    # after the game's own title "6 nimmt!", which stays German in every language (the Dutch
    # booklet's two extractions print "5 nimmt" and "5 neemt"; the app says "6 nimmt!").
    return gettext("%(number)s nimmt", number=takes_at)


def lazy_rule_heading(number: int) -> LazyString:
    """:func:`rule_heading`, translated when it is shown (for module-level tables)."""
    return LazyString(rule_heading, number)


def lazy_variant_heading(key: str) -> LazyString:
    """:func:`variant_heading`, translated when it is shown (for module-level tables)."""
    return LazyString(variant_heading, key)


def init_app(app: Flask) -> None:
    """Make the names available to every template."""
    app.jinja_env.globals.update(
        rule_name=rule_name, rule_heading=rule_heading, variant_name=variant_name,
        variant_heading=variant_heading, takes_name=takes_name,
    )
