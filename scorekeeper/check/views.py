"""``/check``: the placement checker page (a thin layer over the placement request).

Form or link text -> :class:`CheckForm` -> the JSON shape of ``POST /api/v1/placement`` ->
``placement_request.answer`` -> the page. The only thing added here is the view of each
step: the rows are replayed from the engine's steps so the page can show which card a
placed card followed and by how much, and links for every other row choice.
"""

from __future__ import annotations

from flask import Blueprint, render_template, request, url_for

from ..engine import BULLHEADS
from ..engine.errors import RulesError
from ..web.messages import describe
from .form import MAX_LINES, VARIANTS, CheckForm, FormError
from .request import answer, parse

bp = Blueprint("check", __name__)


@bp.route("/check", methods=["GET", "POST"])
def page():
    posted = request.method == "POST"
    form = CheckForm.from_args(request.form if posted else request.args)
    more = posted and "more" in request.form
    result = error = None
    if (posted and not more) or (not posted and form.wants_answer()):
        try:
            data = form.to_data()
            result = present(form, data, answer(parse(data)))
        except FormError as exc:
            error = exc.message
        except RulesError as exc:
            error = describe(exc)
    template = "check/output.html" if request.args.get("partial") == "1" else "check.html"
    return render_template(
        template, form=form, lines=form.display_lines(2 if more else 0), result=result,
        error=error, variants=VARIANTS, bullheads=BULLHEADS, max_lines=MAX_LINES,
    )


def link(form: CheckForm, **choices) -> str:
    return url_for("check.page", _external=True) + "?" + form.query(**choices)


def present(form: CheckForm, data: dict, out: dict) -> dict:
    """Everything the result needs, with the engine's answer left as it is."""
    played = {card for play in data["plays"] for card in play.get("cards", [play.get("card")])}
    view = {
        "variant": data["variant"], "before": data["rows"], "played": played,
        "steps": explain(data["rows"], out["steps"], lambda p, r: link(form, take={p: r})),
        "rows": out["rows"], "bullheads": out["bullheads"],
        "taken": taken_by_player(out), "share": link(form), "tie": None,
    }
    tie = out.get("tie")
    if tie:
        done = len(out["steps"])
        outcomes = []
        for outcome in out["tie_outcomes"]:
            place = {tie["player"]: f"{outcome['row']}-{outcome['side']}"}
            outcomes.append({
                "row": outcome["row"], "side": outcome["side"],
                "steps": explain(
                    out["rows"], outcome["steps"][done:],
                    lambda p, r, place=place: link(form, take={p: r}, place=place),
                ),
                "rows": outcome["rows"], "bullheads": outcome["bullheads"],
                "taken": taken_by_player(outcome), "tie": outcome.get("tie"),
                "url": link(form, place=place),
            })
        sides = {option["side"]: option["row"] for option in tie["options"]}
        view["tie"] = {**tie, "outcomes": outcomes, "right": sides.get("right"),
                       "left": sides.get("left")}
    return view


def taken_by_player(out: dict) -> dict[str, list[int]]:
    taken: dict[str, list[int]] = {player: [] for player in out["bullheads"]}
    for step in out["steps"]:
        taken.setdefault(step["player"], []).extend(step["taken"])
    return taken


def explain(rows: list[list[int]], steps: list[dict], choose) -> list[dict]:
    """Each step with what it was placed against, replaying the rows the engine reported.

    ``choose(player, row)`` builds the link that makes ``player`` take ``row`` under rule 4
    (an empty row means: back to the cheapest).
    """
    rows = [list(row) for row in rows]
    views: list[dict] = []
    for step in steps:
        view = dict(step, neighbour=None, diff=None, stacked=False, twin_of=None, choices=[])
        card, index = step["card"], step["row"] - 1
        row = rows[index]
        previous = views[-1] if views else None
        if (step.get("shared_with") and previous and previous["card"] == card
                and previous.get("shared_with") == step["player"]):
            view["twin_of"] = previous["player"]
            row.append(card)
        elif step["rule"] == 4:
            rows[index] = [card]
            view["choices"] = rule4_choices(step, choose)
        else:
            if step["side"] == "left":
                view["neighbour"], view["diff"] = row[0], row[0] - card
                view["calc"] = _calc(row[0], card)
            else:
                view["neighbour"], view["diff"] = row[-1], card - row[-1]
                view["calc"] = _calc(card, row[-1])
                view["stacked"] = row[-1] == card and step["rule"] == 2
            if step["rule"] == 3:
                rows[index] = [card]
            elif step["side"] == "left":
                row.insert(0, card)
            else:
                row.append(card)
        views.append(view)
    return views


def _calc(high: int, low: int) -> str:
    """``14 − 12 = 2`` with spaces that never break the sum over two lines."""
    return f"{high}\u00a0−\u00a0{low}\u00a0=\u00a0{high - low}"


def rule4_choices(step: dict, choose) -> list[dict]:
    """The four rows a rule-4 player may take, cheapest marked, each a link to that outcome."""
    costs = step.get("row_bullheads") or []
    cheapest = costs.index(min(costs)) + 1 if costs else None
    return [
        {"row": number, "bullheads": cost, "current": number == step["row"],
         "cheapest": number == cheapest,
         "url": choose(step["player"], "" if number == cheapest else str(number))}
        for number, cost in enumerate(costs, start=1)
    ]
