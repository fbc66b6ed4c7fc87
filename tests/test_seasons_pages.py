"""The season's pages, driven as a browser without scripts drives them (forms with their
CSRF token, cookies kept by each client): the organiser starts a season and adds a
venue, the venue's browser opens its link, starts a qualifier through the event form and
sends another qualifier as a file, the organiser merges two numbers and starts the final
with wild cards; the player's page, the CSV, the PDFs and the slips say what happened,
in English, Dutch and German."""

from __future__ import annotations

import io
import re
import subprocess

import pytest

from scorekeeper import create_app
from tests.conftest import read_csrf_token, shown
from tests.test_seasons_api import EIGHT, Server, played_elsewhere


def pdf_text(body: bytes, tmp_path, name="x.pdf") -> str:
    path = tmp_path / name
    path.write_bytes(body)
    text = subprocess.run(["pdftotext", "-layout", str(path), "-"], check=True,
                          capture_output=True, text=True).stdout
    return " ".join(text.split())


def token(client, path="/seasons") -> str:
    return read_csrf_token(client, path)


def location(answer) -> str:
    assert answer.status_code in (302, 303), answer.get_data(as_text=True)[:500]
    return answer.headers["Location"]


@pytest.fixture
def elsewhere(tmp_path):
    return Server(create_app({"TESTING": True, "DATABASE": str(tmp_path / "venue.sqlite"),
                              "SECRET_KEY": "venue"}))


class Browsers:
    """The organiser's browser and a venue's, each with its own cookies."""

    def __init__(self, app):
        self.app = app
        self.organiser = app.test_client()
        answer = self.organiser.post("/seasons", data={
            "name": "6 nimmt! DM 2027", "qualify": "per_event", "places": "2",
            "min_entrants": "8", "best": "", "scoring": "placement",
            "csrf_token": token(self.organiser)})
        self.organiser_page = location(answer)
        self.season = re.search(r"/seasons/([^/]+)/organiser/", self.organiser_page)[1]
        self.venue = app.test_client()

    def add_venue(self, name):
        answer = self.organiser.post(f"/seasons/{self.season}/venues", data={
            "name": name, "csrf_token": token(self.organiser, self.organiser_page)})
        page = self.organiser.get(location(answer)).get_data(as_text=True)
        return re.findall(rf"(http://localhost/seasons/{self.season}/venues/[^<\s]+)", page)

    def standings(self):
        return self.organiser.get(f"/api/v1/seasons/{self.season}/standings").get_json()


def play_event(app, event_id, key, strength):
    """Seat the one round and end every table (each table's game is ordinary: any client
    with the director's key in its header), by ``strength`` as in test_seasons_api."""
    return Server(app).play({"id": event_id, "director_key": key}, strength)


def start_from_form(client, season, venue=None, kind="qualifier", players="", name="Vorrunde"):
    query = f"?season={season}" + (f"&venue={venue}" if venue else "") + f"&kind={kind}"
    page = client.get("/events" + query)
    assert page.status_code == 200, page.get_data(as_text=True)[:300]
    html = page.get_data(as_text=True)
    answer = client.post("/events", data={
        "name": name, "players": players, "rounds": "1", "end": "deals", "fixed_deals": "1",
        "threshold": "66", "season": season, "venue": venue or "", "kind": kind,
        "csrf_token": re.search(r'name="csrf-token" content="([^"]+)"', html)[1]})
    director = location(answer)
    event_id, key = re.search(r"/events/([^/]+)/director/([^/?]+)", director).groups()
    return event_id, key, html


def test_an_organiser_and_a_venue_run_a_season_from_their_pages(app, tmp_path, elsewhere):
    browsers = Browsers(app)
    organiser_page = browsers.organiser.get(browsers.organiser_page)
    assert "You organise this season on this device." in shown(organiser_page)
    links = browsers.add_venue("Spielwiese Köln")
    assert len(links) == 1
    page = browsers.organiser.get(browsers.organiser_page).get_data(as_text=True)
    assert page.count("<svg") >= 2  # the organiser's link's code and the venue's
    # The venue's browser opens its link: the venue's page, with its forms.
    venue_id = links[0].split("/venues/")[1].split("/")[0]
    venue_page = browsers.venue.get(links[0].replace("http://localhost", ""))
    assert venue_page.status_code == 200
    assert "Start a qualifier" in shown(venue_page)
    # It starts a qualifier through the event form: one player gives a number.
    event_id, key, form = start_from_form(
        browsers.venue, browsers.season, venue_id,
        players="\n".join(EIGHT), name="Vorrunde Köln")
    assert "A qualifier of the season “6 nimmt! DM 2027” at Spielwiese Köln." in form
    cologne = play_event(app, event_id, key, EIGHT)
    assert [q["player"] for q in browsers.standings()["qualified"]] == cologne[:2]
    assert cologne[0] == "Anna"  # the strongest of all wins
    # A second qualifier, played elsewhere, sent as its file from the venue's page; a
    # returning player gives her number there.
    anna = next(r["number"] for r in browsers.standings()["standings"]
                if r["player"] == "Anna")
    players = [{"name": "Anna B.", "number": anna}, "Ilse", "Jan", "Karin", "Lars", "Mila",
               "Noor", "Olga"]
    data, porz = played_elsewhere(
        elsewhere, players, ["Anna B.", "Ilse", "Jan", "Karin", "Lars", "Mila", "Noor", "Olga"],
        name="Vorrunde Porz")
    assert porz[0] == "Anna B."
    import json
    page = f"/seasons/{browsers.season}/venues/{venue_id}"
    answer = browsers.venue.post(f"{page}/results", data={
        "kind": "qualifier", "csrf_token": token(browsers.venue, page),
        "file": (io.BytesIO(json.dumps(data).encode()), "event.json")},
        content_type="multipart/form-data")
    listed = browsers.venue.get(location(answer))
    assert "The file was taken" in shown(listed) and "sent as a file" in shown(listed)
    # Anna qualified at Köln: Porz's places pass down to its second and third.
    qualified = [*cologne[:2], *porz[1:3]]
    assert [q["player"] for q in browsers.standings()["qualified"]] == qualified
    # A broken file from the form is refused, naming the table, and keeps nothing.
    data["tables"][0]["totals"] = {p: 0 for p in data["tables"][0]["players"]}
    answer = browsers.venue.post(f"{page}/results", data={
        "kind": "qualifier", "csrf_token": token(browsers.venue, page),
        "file": (io.BytesIO(json.dumps(data).encode()), "event.json")},
        content_type="multipart/form-data")
    assert answer.status_code == 400 and "table 1 of event round 1" in shown(answer)
    # The organiser starts the final from the event form, with two wild cards; a wild
    # card giving a qualified player's number is refused, saying whose it is.
    refused = browsers.organiser.post("/events", data={
        "name": "Finale", "players": f"Wim\nWendy #{anna}", "rounds": "1", "end": "deals",
        "fixed_deals": "1", "threshold": "66", "season": browsers.season, "venue": "",
        "kind": "final", "csrf_token": token(browsers.organiser, "/events")})
    assert refused.status_code == 400 and "plays in this event too" in shown(refused)
    final_id, final_key, form = start_from_form(
        browsers.organiser, browsers.season, kind="final", players="Wim\nWendy",
        name="Finale")
    assert "The 4 qualified players are seated" in form
    final = browsers.organiser.get(f"/api/v1/events/{final_id}").get_json()
    assert final["players"] == [*qualified, "Wim", "Wendy"]
    order = play_event(app, final_id, final_key, [qualified[3], "Wim", *qualified[:3], "Wendy"])
    assert order[0] == qualified[3]
    season_page = shown(browsers.organiser.get(f"/seasons/{browsers.season}"))
    champion = season_page.split('id="champion-title"')[1].split("</ol>")[0]
    assert champion.index(order[0]) < champion.index(order[1]) < champion.index(order[2])
    # The organiser merges two numbers of one person who never met.
    numbers = {r["player"]: r["number"] for r in browsers.standings()["standings"]}
    answer = browsers.organiser.post(f"/seasons/{browsers.season}/merge", data={
        "source": str(numbers["Lars"]), "target": str(numbers["Hans"]),
        "csrf_token": token(browsers.organiser, browsers.organiser_page)})
    merged = browsers.organiser.get(location(answer))
    assert f"Number {numbers['Lars']} now counts as number {numbers['Hans']}." in shown(merged)
    assert next(r for r in browsers.standings()["standings"]
                if r["number"] == numbers["Hans"])["events"] == 2
    # Not two numbers: the form says what it wants.
    answer = browsers.organiser.post(f"/seasons/{browsers.season}/merge", data={
        "source": "Anna", "target": "²", "csrf_token": token(browsers.organiser,
                                                            browsers.organiser_page)})
    assert answer.status_code == 400 and "each a whole number" in shown(answer)
    # Two who played together are not merged; the form says why.
    answer = browsers.organiser.post(f"/seasons/{browsers.season}/merge", data={
        "source": str(numbers["Anna"]), "target": str(numbers["Hans"]),
        "csrf_token": token(browsers.organiser, browsers.organiser_page)})
    assert answer.status_code == 400 and "both played in" in shown(answer)


MONTHS = {
    "en": ["January", "February", "March", "April", "May", "June", "July", "August",
           "September", "October", "November", "December"],
    "nl": ["januari", "februari", "maart", "april", "mei", "juni", "juli", "augustus",
           "september", "oktober", "november", "december"],
    "de": ["Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August",
           "September", "Oktober", "November", "Dezember"],
}


def said(day: str, lang: str) -> str:
    """A day ("2027-03-14") as each language writes it: "March 14", "14 maart",
    "14. März"."""
    month, number = MONTHS[lang][int(day[5:7]) - 1], int(day[8:10])
    return {"en": f"{month} {number}", "nl": f"{number} {month}",
            "de": f"{number}. {month}"}[lang]


@pytest.mark.parametrize(("lang", "qualified", "rank"), [
    ("en", "Qualified at Spielwiese Köln, {day}", "place 1"),
    ("nl", "Geplaatst: Spielwiese Köln, {day}", "plaats 1"),
    ("de", "Qualifiziert: Spielwiese Köln, {day}", "Platz 1"),
])
def test_a_players_page_says_where_and_when_they_qualified_in_the_pages_language(
        app, lang, qualified, rank):
    server = Server(app)
    from tests.test_seasons_api import Season
    season = Season(server, qualify={"per_event": 1})
    season.venue("Spielwiese Köln")
    season.qualifier("Spielwiese Köln", EIGHT, EIGHT)
    line = season.standings()["qualified"][0]
    page = shown(server.client.get(f"/seasons/{season.id}/players/{line['number']}"
                                   f"?lang={lang}"))
    assert qualified.format(day=said(line["date"], lang)) in page
    assert rank in page and f"#{line['number']}" in page
    other = season.standings()["standings"][-1]
    page = shown(server.client.get(f"/seasons/{season.id}/players/{other['number']}"
                                   f"?lang={lang}"))
    assert {"en": "Not qualified for the final (yet).", "nl": "(Nog) niet geplaatst",
            "de": "(Noch) nicht für das Finale qualifiziert."}[lang] in page


def test_the_ranking_and_the_qualified_list_as_csv_and_pdf(app, tmp_path):
    server = Server(app)
    from tests.test_seasons_api import Season
    season = Season(server, qualify={"per_event": 2})
    season.venue("Spielwiese Köln")
    order = season.qualifier("Spielwiese Köln", EIGHT, EIGHT)
    ranking = season.standings()["standings"]
    csv = server.client.get(f"/seasons/{season.id}/standings.csv?lang=nl")
    lines = csv.get_data(as_text=True).lstrip("\ufeff").splitlines()
    assert lines[0] == "Plaats;Spelersnummer;Naam;Kwalificatietoernooien;Punten;Geplaatst"
    first = ranking[0]
    assert lines[1] == f"1;{first['number']};{first['player']};1;{first['points']};ja"
    assert len(lines) == 9
    csv = server.client.get(f"/seasons/{season.id}/qualified.csv?lang=en").get_data(
        as_text=True).splitlines()
    assert csv[0] == "Order,Season number,Name,Venue,Event,Date,Place"
    assert [row.split(",")[2] for row in csv[1:]] == order[:2]
    text = pdf_text(server.client.get(f"/seasons/{season.id}/standings.pdf?lang=de").data,
                    tmp_path)
    assert "Rangliste" in text and all(name in text for name in EIGHT)
    text = pdf_text(server.client.get(f"/seasons/{season.id}/qualified.pdf?lang=en").data,
                    tmp_path, "q.pdf")
    assert "Qualified for the final" in text and order[0] in text and order[2] not in text


def test_a_season_events_slips_print_the_numbers_and_a_code_for_after_the_evening(
        app, tmp_path):
    server = Server(app)
    from tests.test_seasons_api import Season
    season = Season(server)
    venue = season.venue("Spielwiese Köln")
    event = server.event(EIGHT, {"X-Venue-Key": venue["venue_key"]}, season=season.id,
                         venue=venue["id"])
    server.post(f"/api/v1/events/{event['id']}/rounds", None, 201,
                **{"X-Director-Key": event["director_key"]})
    slips = server.client.get(f"/events/{event['id']}/rounds/1/slips.pdf",
                              headers={"X-Director-Key": event["director_key"]})
    text = pdf_text(slips.data, tmp_path)
    numbers = {p: n for p, n in zip(EIGHT, range(1, 9), strict=True)}
    assert all(f"{name} #{numbers[name]}" in text for name in EIGHT)
    assert text.count("After the evening: scan this code") == 2  # one per table
    public = shown(server.client.get(f"/events/{event['id']}"))
    assert "This event counts in the season “6 nimmt! DM 2027”." in public
    results = server.client.get(f"/seasons/{season.id}/events/{event['id']}")
    assert results.status_code == 200 and "is being played" in shown(results)
    assert server.client.get(f"/seasons/{season.id}/events/nope").status_code == 404


def test_a_season_form_that_cannot_be_keeps_what_was_typed(client):
    answer = client.post("/seasons", data={
        "name": "DM", "qualify": "per_event", "places": "90", "min_entrants": "8",
        "best": "", "scoring": "placement", "csrf_token": token(client)})
    assert answer.status_code == 400
    page = shown(answer)
    assert "from 1 to 50, not “90”" in page and 'value="DM"' in page


def test_finding_a_player_by_number(app):
    server = Server(app)
    from tests.test_seasons_api import Season
    season = Season(server)
    season.venue("Köln")
    season.qualifier("Köln", EIGHT, EIGHT)
    answer = server.client.get(f"/seasons/{season.id}/players?number=%233")
    assert location(answer).endswith(f"/seasons/{season.id}/players/3")
    assert server.client.get(f"/seasons/{season.id}/players?number=99").status_code == 404
    for typed in ("x", "%C2%B2", "1" * 12, ""):  # "²" is a digit to Python, not a number
        assert server.client.get(f"/seasons/{season.id}/players?number={typed}"
                                 ).status_code == 404


def test_the_final_started_from_the_form_takes_its_options_and_the_season_scoring(app):
    """The organiser's page says the season's scoring and what the final may ask; the
    event form opened for the final shows the season's scoring instead of a choice and
    offers sign-off, release by round and a knock-out, which the final then has; the
    organiser's page lists them once it is started."""
    browsers = Browsers(app)
    organiser = shown(browsers.organiser.get(browsers.organiser_page))
    assert ("The season sets how the standings of each of its events count: placement "
            "points, then relative points.") in organiser
    assert "a knock-out of the best 4, 16 or 64" in organiser
    links = browsers.add_venue("Spielwiese Köln")
    venue_id = links[0].split("/venues/")[1].split("/")[0]
    browsers.venue.get(links[0].replace("http://localhost", ""))
    event_id, key, form = start_from_form(browsers.venue, browsers.season, venue_id,
                                          players="\n".join(EIGHT), name="Vorrunde Köln")
    assert 'id="season-scoring"' in form and 'name="scoring"' not in form
    assert 'name="knockout"' in form and 'name="sign_off"' in form
    play_event(app, event_id, key, EIGHT)
    page = browsers.organiser.get(f"/events?season={browsers.season}&kind=final")
    html = page.get_data(as_text=True)
    assert '<details class="championship" open>' in html  # a final's options mean something
    answer = browsers.organiser.post("/events", data={
        "name": "Finale", "players": "Wim\nWendy\nIlse\nJan", "rounds": "1",
        "end": "deals", "fixed_deals": "1", "threshold": "66", "season": browsers.season,
        "venue": "", "kind": "final", "sign_off": "y", "knockout": "4",
        "csrf_token": re.search(r'name="csrf-token" content="([^"]+)"', html)[1]})
    final_id = re.search(r"/events/([^/]+)/director/", location(answer))[1]
    final = browsers.organiser.get(f"/api/v1/events/{final_id}").get_json()
    assert (final["scoring"], final["sign_off"], final["release"], final["knockout"]) == (
        "placement", True, None, 4)
    listed = shown(browsers.organiser.get(browsers.organiser_page))
    assert "Signed results: a finished table counts once" in listed
    assert "the best 4 play at tables of 4" in listed
    assert "Released by round" not in listed  # only what the final chose
