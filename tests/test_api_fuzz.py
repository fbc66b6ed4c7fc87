"""No body, however odd, makes the JSON interface answer 500 (hypothesis-generated input)."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper import create_app

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-10, 300) | st.floats(allow_nan=False)
    | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=6),
    max_leaves=30,
)
CARD = st.integers(-2, 110) | st.booleans() | st.floats(0, 110) | st.text(max_size=3) | st.none()
ROW = st.lists(CARD, max_size=7)
PLAY = st.fixed_dictionaries(
    {"player": st.text(max_size=45) | st.integers() | st.none(), "card": CARD},
    optional={"cards": st.lists(CARD, max_size=3)},
)
NEAR_VALID = st.fixed_dictionaries(
    {"rows": st.lists(ROW, min_size=2, max_size=6), "plays": st.lists(PLAY, max_size=12)},
    optional={
        "takes_at": st.sampled_from([5, 6, 7, 7, 4, 8]) | st.floats(4, 8) | st.booleans()
        | st.text(max_size=2) | st.none(),
        "variant": st.sampled_from(["basic", "professional", "double", "nifty", "hand", "x", 3]),
        "max_card": st.integers(-1, 120) | st.floats(0, 120) | st.text(max_size=3),
        "take": st.dictionaries(st.text(max_size=5), JSON_VALUES, max_size=3) | JSON_VALUES,
        "place": st.dictionaries(st.text(max_size=5), JSON_VALUES, max_size=3) | JSON_VALUES,
    },
)

_DB = Path(tempfile.mkdtemp(prefix="fuzz-")) / "fuzz.sqlite"
APP = create_app({"TESTING": True, "DATABASE": str(_DB), "SECRET_KEY": "fuzz"})
GAMES_APP = create_app({"TESTING": True, "DATABASE": str(_DB), "SECRET_KEY": "fuzz",
                        "WTF_CSRF_ENABLED": False})


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(body=JSON_VALUES | NEAR_VALID, lang=st.sampled_from(["en", "nl", "de"]))
def test_placement_never_fails_with_500(body, lang):
    response = APP.test_client().post(
        f"/api/v1/placement?lang={lang}", data=json.dumps(body), content_type="application/json"
    )
    assert response.status_code in (200, 400), response.get_data(as_text=True)
    answer = response.get_json()
    if response.status_code == 400:
        assert set(answer) == {"error"} and answer["error"]
    else:
        assert len(answer["rows"]) == len(body["rows"]) and 3 <= len(answer["rows"]) <= 5
        limit = body.get("takes_at", 6) - 1 if isinstance(body, dict) else 5
        assert all(len(set(row)) <= limit for row in answer["rows"])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(body=JSON_VALUES | st.fixed_dictionaries(
    {"players": st.lists(st.text(max_size=45) | st.integers(), max_size=12)},
    optional={"threshold": JSON_VALUES, "virgin_doubling": JSON_VALUES,
              "fixed_deals": JSON_VALUES, "variant": JSON_VALUES, "note": JSON_VALUES}))
def test_game_creation_never_fails_with_500(body):
    response = GAMES_APP.test_client().post("/api/v1/games", data=json.dumps(body),
                                      content_type="application/json")
    assert response.status_code in (201, 400), response.get_data(as_text=True)
    if response.status_code == 201:
        assert 2 <= len(response.get_json()["players"]) <= 10
