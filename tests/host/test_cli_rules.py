# `lenotre areas` and `lenotre score` (docs/CLI.md): the real console script through a
# subprocess for exit codes and stdin `-`, and main([...]) in-process for the rest.
# The rules are in shared/rulebooks/versailles-en.txt; passages are quoted where a test
# follows one.
import io
import json
import os
import re
import subprocess
import sys

import pytest

from lenotre.cli import main

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LENOTRE = os.path.join(os.path.dirname(sys.executable), "lenotre")
DOCS = os.path.join(ROOT, "docs", "CLI.md")
FOUR = ["Sophie", "Alexander", "Christian", "Oliver"]
THREE = ["Anna", "Ben", "Clara"]
TYPES = ["green", "blue", "white", "red", "yellow"]


# ---- helpers -------------------------------------------------------------------------------

def script(args, stdin=None):
    # The installed console script, as a user runs it.
    assert os.path.exists(LENOTRE), "the lenotre console script is not installed in the venv"
    proc = subprocess.run([LENOTRE] + args, input=stdin, capture_output=True, text=True,
                          timeout=60)
    return proc.returncode, proc.stdout, proc.stderr


def run(capsys, monkeypatch, command, data):
    # main([command, "-"]) in-process with `data` (a dict, or raw text) on stdin.
    text = data if isinstance(data, str) else json.dumps(data)
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(text.encode("utf-8"))))
    code = main([command, "-"])
    out, err = capsys.readouterr()
    return code, out, err


def ok(capsys, monkeypatch, command, data):
    code, out, err = run(capsys, monkeypatch, command, data)
    assert (code, err) == (0, ""), err
    return json.loads(out)


def error(capsys, monkeypatch, command, data, *words):
    # Exit 2, nothing on stdout, exactly one line on stderr naming `words`.
    code, out, err = run(capsys, monkeypatch, command, data)
    return check_error(command, code, out, err, *words)


def check_error(command, code, out, err, *words):
    assert code == 2, (code, out, err)
    assert out == ""
    assert err.endswith("\n") and err.count("\n") == 1, err
    assert err.startswith("lenotre %s: error: " % command), err
    for w in words:
        assert w in err, "%r does not mention %r" % (err, w)
    return err


def tile(x, y, *fields):
    return {"x": x, "y": y, "fields": list(fields)}


def game(players, stage, areas, **extra):
    data = {"game": "versailles", "players": players, "stage": stage, "areas": areas}
    data.update(extra)
    return data


# The rulebook's "Intermediate Scoring" example: "Sophie is holding the Blue and Yellow
# Majority Tokens. Alexander has taken the White token from her, since he managed to create a
# White pavilion area with 10 fields. Oliver also has a Yellow flower area consisting of 6
# fields, but since that only ties Sophie's 6 and does not surpass it, the Yellow Majority
# Token remains with her. Sophie's 2 largest areas are White, with 9 fields, and Blue, with 7
# fields. She therefore earns 16 points for these 2 areas, plus an additional 6 points for her
# 2 Majority Tokens. Her total for the intermediate scoring is 22 points".
SOPHIE_AREAS = {
    "Sophie": {"green": 2, "blue": 7, "white": 9, "red": 3, "yellow": 6, "construction": 5},
    "Alexander": {"green": 3, "white": 10},
    "Christian": {"green": 3, "blue": 3, "white": 3, "red": 3, "yellow": 3},
    "Oliver": {"blue": 2, "red": 1, "yellow": 6},
}
SOPHIE_TOKENS = {"blue": "Sophie", "yellow": "Sophie", "white": "Alexander"}
SOPHIE_CLAIMS = [
    {"player": "Sophie", "type": "yellow", "size": 6},
    {"player": "Sophie", "type": "blue", "size": 7},
    {"player": "Sophie", "type": "white", "size": 9},
    {"player": "Alexander", "type": "white", "size": 10},
]

# A stage-2 table of three: second places, a tie for second (white), the construction bonus.
STAGE2_AREAS = {
    "Anna": {"green": 12, "blue": 5, "white": 8, "yellow": 4, "construction": 7},
    "Ben": {"green": 9, "blue": 11, "white": 8, "red": 5, "yellow": 2, "construction": 6},
    "Clara": {"green": 7, "blue": 6, "white": 10, "red": 5, "yellow": 3, "construction": 3},
}
STAGE2_TOKENS = {"green": "Anna", "blue": "Ben", "white": "Clara", "red": "Ben",
                 "yellow": "Anna"}
STAGE2_PREVIOUS = {"Anna": 25, "Ben": 22, "Clara": 20}

# The rulebook's joker example ("Joker (Wild) Field": "the Yellow flower garden contains 6
# fields, the Green hedge garden also contains 6 fields, and the White pavilions total 4").
#   x: 0 1 2 3
#   y0 Y Y G G
#   y1 Y Y G G
#   y2 Y * G W
#   y3 W W W R
JOKER_GARDEN = {"tiles": [
    tile(0, 0, "yellow", "yellow", "yellow", "yellow"),
    tile(2, 0, "green", "green", "green", "green"),
    tile(0, 2, "yellow", "joker", "white", "white"),
    tile(2, 2, "green", "white", "white", "red"),
]}


# ---- lenotre areas: success ----------------------------------------------------------------

def test_areas_rulebook_joker_example_via_script_and_stdin():
    code, out, err = script(["areas", "-"], json.dumps(JOKER_GARDEN))
    assert (code, err) == (0, "")
    assert json.loads(out) == {"areas": {"green": 6, "blue": 1, "white": 4, "red": 1,
                                         "yellow": 6, "construction": 0}}
    # pretty JSON, indent 2, stable key order, one trailing newline
    assert out == json.dumps(json.loads(out), indent=2, sort_keys=True) + "\n"


def test_areas_from_a_file_via_script(tmp_path):
    path = tmp_path / "garden.json"
    path.write_text(json.dumps({"tiles": [tile(0, 0, *["red"] * 4), tile(2, 0, *["red"] * 4)]}))
    code, out, err = script(["areas", str(path)])
    assert (code, err) == (0, "")
    assert json.loads(out)["areas"]["red"] == 8


def test_areas_field_order_is_top_left_top_right_bottom_left_bottom_right(capsys, monkeypatch):
    # Blue down the left column of the first tile does not touch the blue tile to its right;
    # read as columns instead of rows, the two blues would join into 6.
    data = {"tiles": [tile(0, 0, "blue", "green", "blue", "green"),
                      tile(2, 0, "blue", "blue", "blue", "blue")]}
    assert ok(capsys, monkeypatch, "areas", data)["areas"]["blue"] == 4
    data["tiles"][0]["fields"] = ["green", "blue", "green", "blue"]
    assert ok(capsys, monkeypatch, "areas", data)["areas"]["blue"] == 6


def test_areas_staggered_tiles_negative_coordinates_and_construction(capsys, monkeypatch):
    # "Tiles may be placed in a 'staggered' formation": the third tile is offset by one
    # field and still touches. A joker extends garden types but not construction sites.
    #   x: -2 -1  0  1  2  3
    #   y0        C  *  C  C
    #   y1  G  G  W  W  W  C
    #   y2  G  G     W  W
    #   y3           R  R
    data = {"tiles": [
        tile(0, 0, "construction", "joker", "white", "white"),
        tile(2, 0, "construction", "construction", "white", "construction"),
        tile(1, 2, "white", "white", "red", "red"),
        tile(-2, 1, "green", "green", "green", "green"),
    ]}
    areas = ok(capsys, monkeypatch, "areas", data)["areas"]
    assert areas == {"green": 4, "blue": 1, "white": 6, "red": 2, "yellow": 1,
                     "construction": 3}


def test_areas_of_an_empty_garden_are_zero(capsys, monkeypatch):
    assert ok(capsys, monkeypatch, "areas", {"tiles": []}) == {"areas": dict.fromkeys(
        ["green", "blue", "white", "red", "yellow", "construction"], 0)}


def test_areas_accepts_a_utf8_byte_order_mark(capsys, monkeypatch):
    text = "\ufeff" + json.dumps({"tiles": [tile(0, 0, *["yellow"] * 4)]})
    assert ok(capsys, monkeypatch, "areas", text)["areas"]["yellow"] == 4


# ---- lenotre areas: errors -----------------------------------------------------------------

def test_areas_overlap_is_an_error_naming_the_tile(capsys, monkeypatch):
    data = {"tiles": [tile(0, 0, *["red"] * 4), tile(2, 0, *["red"] * 4),
                      tile(1, 1, *["blue"] * 4)]}
    err = error(capsys, monkeypatch, "areas", data, "tile 3 at (1, 1):", "overlap")
    assert "tile at" not in err  # the position is said once, in the prefix


def test_areas_only_diagonal_contact_is_an_error(capsys, monkeypatch):
    # "tiles may not be placed only diagonally adjacent to existing tiles"
    data = {"tiles": [tile(0, 0, *["red"] * 4), tile(2, 2, *["red"] * 4)]}
    error(capsys, monkeypatch, "areas", data, "tile 2 at (2, 2):", "edge", "diagonal")


def test_areas_unknown_field_type_lists_the_allowed_ones(capsys, monkeypatch):
    data = {"tiles": [tile(0, 0, "red", "red", "red", "red"),
                      tile(2, 0, "yellow", "purple", "yellow", "yellow")]}
    error(capsys, monkeypatch, "areas", data, "tile 2 at (2, 0):", "purple",
          "green, blue, white, red, yellow, construction, joker")


def test_areas_via_script_error_exit_code_and_one_line():
    data = {"tiles": [tile(0, 0, *["red"] * 4), tile(0, 0, *["red"] * 4)]}
    code, out, err = script(["areas", "-"], json.dumps(data))
    check_error("areas", code, out, err, "tile 2 at (0, 0):", "overlap")


@pytest.mark.parametrize("bad, words", [
    ({"x": 0, "y": 0, "fields": ["red"] * 3}, ["tile 1 at (0, 0):", "exactly 4", "got"]),
    ({"x": 0, "y": 0, "fields": ["red"] * 5}, ["tile 1 at (0, 0):", "exactly 4"]),
    ({"x": 0, "y": 0, "fields": "rrrr"}, ["tile 1 at (0, 0):", "exactly 4"]),
    ({"x": 1.5, "y": 0, "fields": ["red"] * 4}, ["tile 1:", '"x"', "whole number", "1.5"]),
    ({"x": "0", "y": 0, "fields": ["red"] * 4}, ["tile 1:", '"x"', "whole number"]),
    ({"x": 0, "y": True, "fields": ["red"] * 4}, ["tile 1:", '"y"', "whole number", "true"]),
    ({"x": 0, "fields": ["red"] * 4}, ["tile 1:", "missing", '"y"', "x, y, fields"]),
    ({"x": 0, "y": 0, "fields": ["red"] * 4, "rotation": 1},
     ["tile 1:", "unknown key", '"rotation"', "x, y, fields"]),
    (["red"] * 4, ["tile 1 must be an object", "got a list"]),
])
def test_areas_ill_formed_tile(capsys, monkeypatch, bad, words):
    error(capsys, monkeypatch, "areas", {"tiles": [bad]}, *words)


def test_areas_later_tile_errors_count_from_one(capsys, monkeypatch):
    data = {"tiles": [tile(0, 0, *["red"] * 4), tile(2, 0, *["red"] * 4), {"x": 4}]}
    error(capsys, monkeypatch, "areas", data, "tile 3:", "missing")


@pytest.mark.parametrize("text, words", [
    ('{"tiles": [', ["stdin is not valid JSON", "line 1"]),
    ("", ["stdin is not valid JSON"]),
    ("[]", ["must be a JSON object", "got a list"]),
    ('"tiles"', ["must be a JSON object", "got a string"]),
    ("{}", ["missing", '"tiles"']),
    ('{"tiles": [], "garden": 1}', ["unknown key", '"garden"', "allowed: tiles"]),
    ('{"tiles": {}}', ['"tiles" must be a list', "got an object"]),
    ('{"tiles": [], "tiles": []}', ["duplicate key", '"tiles"']),
    ('{"tiles": [{"x": NaN, "y": 0, "fields": []}]}', ["NaN"]),
])
def test_areas_bad_input(capsys, monkeypatch, text, words):
    error(capsys, monkeypatch, "areas", text, *words)


def test_areas_unreadable_files(capsys, tmp_path):
    missing = str(tmp_path / "nope.json")
    assert main(["areas", missing]) == 2
    out, err = capsys.readouterr()
    check_error("areas", 2, out, err, "cannot read", missing, "No such file")
    assert main(["areas", str(tmp_path)]) == 2
    check_error("areas", 2, *capsys.readouterr(), "cannot read", "directory")
    binary = tmp_path / "garden.json"
    binary.write_bytes(b'{"tiles": [\xff\xfe]}')
    assert main(["areas", str(binary)]) == 2
    check_error("areas", 2, *capsys.readouterr(), "cannot read", "UTF-8")


def test_areas_missing_file_via_script(tmp_path):
    code, out, err = script(["areas", str(tmp_path / "absent.json")])
    check_error("areas", code, out, err, "cannot read", "absent.json")


# ---- lenotre score: success ----------------------------------------------------------------

def test_score_rulebook_intermediate_example_via_script(tmp_path):
    path = tmp_path / "stage1.json"
    path.write_text(json.dumps(game(FOUR, 1, SOPHIE_AREAS, tokens=SOPHIE_TOKENS)))
    code, out, err = script(["score", str(path)])
    assert (code, err) == (0, "")
    assert out == json.dumps(json.loads(out), indent=2, sort_keys=True) + "\n"
    res = json.loads(out)
    # "16 points for these 2 areas, plus an additional 6 points ... 22 points"
    assert res["scores"]["Sophie"] == {"areas": 16, "large_tokens": 6, "small_tokens": 0,
                                       "construction": 0, "stage": 22, "previous": 0,
                                       "total": 22}
    # Alexander: White 10 + Green 3, and the White token at 3 points
    assert res["scores"]["Alexander"]["stage"] == 16
    assert res["tokens"] == {"green": None, "blue": "Sophie", "white": "Alexander",
                             "red": None, "yellow": "Sophie"}
    assert res["small_tokens"] == {} and res["construction_bonus"] is None
    assert (res["game"], res["stage"]) == ("versailles", 1)
    assert res["winners"] == ["Sophie"] and res["tiebreak"] is None


def test_score_rulebook_example_from_claims_via_stdin():
    data = game(FOUR, 1, SOPHIE_AREAS, claims=SOPHIE_CLAIMS)
    code, out, err = script(["score", "-"], json.dumps(data))
    assert (code, err) == (0, "")
    res = json.loads(out)
    assert res["tokens"] == {"green": None, "blue": "Sophie", "white": "Alexander",
                             "red": None, "yellow": "Sophie"}
    assert res["scores"]["Sophie"]["stage"] == 22


def test_score_rulebook_oliver_cannot_take_yellow_with_a_tie():
    # "since that only ties Sophie's 6 and does not surpass it, the Yellow Majority Token
    # remains with her" ("an equal amount is not sufficient")
    claims = SOPHIE_CLAIMS + [{"player": "Oliver", "type": "yellow", "size": 6}]
    code, out, err = script(["score", "-"], json.dumps(game(FOUR, 1, SOPHIE_AREAS,
                                                             claims=claims)))
    check_error("score", code, out, err, "claim 5:", "Sophie", "6", "tie")


def test_score_claims_resolve_in_order(capsys, monkeypatch):
    claims = [
        {"player": "Anna", "type": "green", "size": 4},   # unclaimed: Anna takes it
        {"player": "Ben", "type": "green", "size": 5},    # strictly more: Ben takes it
        {"player": "Ben", "type": "green", "size": 7},    # the holder updates his size
        {"player": "Anna", "type": "green", "size": 8},   # more than 7: back to Anna
        {"player": "Clara", "type": "red", "size": 4},
        {"player": "Ben", "type": "blue", "size": 4},
        {"player": "Clara", "type": "blue", "size": 5},
    ]
    areas = {"Anna": {"green": 8}, "Ben": {"green": 7, "blue": 4},
             "Clara": {"red": 4, "blue": 5}}
    res = ok(capsys, monkeypatch, "score", game(THREE, 1, areas, claims=claims))
    assert res["tokens"] == {"green": "Anna", "blue": "Clara", "white": None, "red": "Clara",
                             "yellow": None}
    assert res["scores"]["Clara"]["large_tokens"] == 6
    assert res["scores"]["Ben"]["large_tokens"] == 0


def test_score_claims_take_from_the_latest_claimed_size(capsys, monkeypatch):
    # Ben's 7 beats Anna's first claim of 6 but not her update to 8.
    claims = [{"player": "Anna", "type": "white", "size": 6},
              {"player": "Anna", "type": "white", "size": 8},
              {"player": "Ben", "type": "white", "size": 7}]
    areas = {"Anna": {"white": 8}, "Ben": {"white": 7}}
    error(capsys, monkeypatch, "score", game(THREE, 1, areas, claims=claims),
          "claim 3:", "Anna holds white with 8", "more than 8")


def test_score_stage2_small_tokens_construction_bonus_and_ties(capsys, monkeypatch):
    data = game(THREE, 2, STAGE2_AREAS, tokens=STAGE2_TOKENS, previous=STAGE2_PREVIOUS)
    res = ok(capsys, monkeypatch, "score", data)
    # "3 points for each Small Majority Token (representing the second-largest ...)":
    # green Ben 9, blue Clara 6 (over Anna 5), red Clara 5 (holder Ben 5), yellow Clara 3.
    # "If there is a tie when determining the second-largest area ... those points are not
    # awarded": white, Anna 8 and Ben 8 behind Clara's 10.
    assert res["small_tokens"] == {"green": "Ben", "blue": "Clara", "red": "Clara",
                                   "yellow": "Clara"}
    # "3 points for the largest contiguous Construction Site area": Anna 7 > Ben 6
    assert res["construction_bonus"] == "Anna"
    # the 3 largest areas, 5 per large token, 3 per small token, previous added
    assert res["scores"]["Anna"] == {"areas": 12 + 8 + 5, "large_tokens": 10,
                                     "small_tokens": 0, "construction": 3, "stage": 38,
                                     "previous": 25, "total": 63}
    assert res["scores"]["Ben"] == {"areas": 11 + 9 + 8, "large_tokens": 10,
                                    "small_tokens": 3, "construction": 0, "stage": 41,
                                    "previous": 22, "total": 63}
    assert res["scores"]["Clara"]["small_tokens"] == 9
    assert res["scores"]["Clara"]["total"] == 20 + 23 + 5 + 9
    # 63 all: Anna's single largest area (green 12) beats Ben's (blue 11)
    assert res["winners"] == ["Anna"]
    assert res["tiebreak"] == {"tied": ["Anna", "Ben"],
                               "largest_area": {"Anna": 12, "Ben": 11}, "shared": False}


def test_score_stage2_construction_tie_is_not_awarded(capsys, monkeypatch):
    areas = dict(STAGE2_AREAS, Ben=dict(STAGE2_AREAS["Ben"], construction=7))
    res = ok(capsys, monkeypatch, "score", game(THREE, 2, areas, tokens=STAGE2_TOKENS))
    assert res["construction_bonus"] is None
    assert [res["scores"][n]["construction"] for n in THREE] == [0, 0, 0]


def test_score_stage1_has_no_small_tokens_or_construction_bonus(capsys, monkeypatch):
    # "Construction Site ... do not score points during the intermediate scoring"
    res = ok(capsys, monkeypatch, "score", game(THREE, 1, STAGE2_AREAS, tokens=STAGE2_TOKENS))
    assert res["small_tokens"] == {} and res["construction_bonus"] is None
    assert res["scores"]["Anna"] == {"areas": 12 + 8, "large_tokens": 6, "small_tokens": 0,
                                     "construction": 0, "stage": 26, "previous": 0,
                                     "total": 26}


def test_score_two_players_no_small_tokens_no_construction_bonus(capsys, monkeypatch):
    # "The Small Majority Tokens (worth 3 points) are not used in a 2-player game."
    areas = {"Anna": {"green": 12, "blue": 5, "construction": 7},
             "Ben": {"green": 9, "blue": 11, "construction": 2}}
    data = game(["Anna", "Ben"], 2, areas, tokens={"green": "Anna", "blue": "Ben"},
                previous={"Anna": 20, "Ben": 20})
    res = ok(capsys, monkeypatch, "score", data)
    assert res["small_tokens"] == {} and res["construction_bonus"] is None
    assert res["scores"]["Anna"] == {"areas": 17, "large_tokens": 5, "small_tokens": 0,
                                     "construction": 0, "stage": 22, "previous": 20,
                                     "total": 42}
    assert res["scores"]["Ben"]["total"] == 45 and res["winners"] == ["Ben"]
    # `ludwig` defaults to true for 2 players; an explicit false changes nothing in scoring
    assert ok(capsys, monkeypatch, "score", dict(data, ludwig=True)) == res
    assert ok(capsys, monkeypatch, "score", dict(data, ludwig=False)) == res


def test_score_three_players_with_ludwig_false_still_get_small_tokens(capsys, monkeypatch):
    data = game(THREE, 2, STAGE2_AREAS, tokens=STAGE2_TOKENS, ludwig=False)
    assert ok(capsys, monkeypatch, "score", data)["construction_bonus"] == "Anna"


def test_score_tie_broken_by_largest_area_not_construction(capsys, monkeypatch):
    # "In case of a tie, the winner is the player among those tied who has the single largest
    # garden area of any color/type." A construction site is not a garden type.
    areas = {"Anna": {"green": 6, "blue": 6, "construction": 12},
             "Ben": {"red": 4, "white": 8}, "Clara": {"yellow": 2}}
    tokens = {"green": "Anna", "blue": "Anna", "red": "Ben", "white": "Ben"}
    res = ok(capsys, monkeypatch, "score", game(THREE, 1, areas, tokens=tokens))
    # Anna 6 + 6 + 2 x 3, Ben 8 + 4 + 2 x 3
    assert [res["scores"][n]["total"] for n in THREE] == [18, 18, 2]
    # Anna's construction site of 12 does not count: Ben's white 8 beats her 6
    assert res["winners"] == ["Ben"]
    assert res["tiebreak"] == {"tied": ["Anna", "Ben"],
                               "largest_area": {"Anna": 6, "Ben": 8}, "shared": False}


def test_score_shared_victory(capsys, monkeypatch):
    # "If this still results in a tie, the tied players share in the victory."
    areas = {"Anna": {"green": 7, "blue": 5}, "Ben": {"red": 7, "white": 5},
             "Clara": {"green": 6, "red": 6}}
    tokens = {"green": "Anna", "blue": "Anna", "red": "Ben", "white": "Ben"}
    res = ok(capsys, monkeypatch, "score", game(THREE, 2, areas, tokens=tokens,
                                                previous={"Anna": 30, "Ben": 30}))
    # Clara: second place in green and red (small tokens), none in blue/white (she has 0)
    assert res["small_tokens"] == {"green": "Clara", "red": "Clara"}
    assert [res["scores"][n]["total"] for n in THREE] == [52, 52, 18]
    assert res["winners"] == ["Anna", "Ben"]
    assert res["tiebreak"] == {"tied": ["Anna", "Ben"],
                               "largest_area": {"Anna": 7, "Ben": 7}, "shared": True}


def test_score_stage1_winners_are_the_current_leaders(capsys, monkeypatch):
    areas = {"Anna": {"green": 5}, "Ben": {"blue": 5}}
    res = ok(capsys, monkeypatch, "score",
             game(THREE, 1, areas, tokens={"green": "Anna", "blue": "Ben"}))
    assert res["winners"] == ["Anna", "Ben"] and res["tiebreak"]["shared"] is True


def test_score_missing_players_and_types_count_as_zero(capsys, monkeypatch):
    res = ok(capsys, monkeypatch, "score", game(THREE, 2, {"Ben": {"red": 3}}))
    assert [res["scores"][n]["total"] for n in THREE] == [0, 3, 0]
    assert res["tokens"] == dict.fromkeys(TYPES)
    # nobody holds red, so no second place for it either (docs/CLI.md)
    assert res["small_tokens"] == {} and res["winners"] == ["Ben"]


def test_score_null_token_means_unclaimed(capsys, monkeypatch):
    res = ok(capsys, monkeypatch, "score",
             game(THREE, 1, {"Anna": {"red": 3}}, tokens={"red": None, "green": None}))
    assert res["tokens"]["red"] is None


# ---- lenotre score: errors -----------------------------------------------------------------

def test_score_error_via_script_exit_code():
    data = game(THREE, 3, {})
    code, out, err = script(["score", "-"], json.dumps(data))
    check_error("score", code, out, err, '"stage"', "1", "2", "got 3")


@pytest.mark.parametrize("change, words", [
    ({"game": "chess"}, ['"game"', '"versailles"', '"chess"']),
    ({"players": ["Anna"]}, ["players:", "2 to 5", "got 1"]),
    ({"players": ["A", "B", "C", "D", "E", "F"]}, ["players:", "2 to 5", "got 6"]),
    ({"players": ["Anna", "Ben", "Anna"]}, ["players:", "'Anna'", "differ"]),
    ({"players": "Anna, Ben"}, ['"players"', "list", "got a string"]),
    ({"players": ["Anna", 7, "Clara"]}, ["players:", "name", "7"]),
    ({"stage": 3}, ['"stage"', "1", "2", "got 3"]),
    ({"stage": "1"}, ['"stage"', 'got "1"']),
    ({"stage": True}, ['"stage"', "got true"]),
    ({"ludwig": True}, ['"ludwig"', "2 players", "got 3"]),
    ({"ludwig": "yes"}, ['"ludwig"', "true or false"]),
    ({"areas": []}, ['"areas"', "object", "got a list"]),
    ({"areas": {"Zoe": {"green": 4}}}, ["areas:", "unknown player", '"Zoe"',
                                        "Anna, Ben, Clara"]),
    ({"areas": {"Anna": [4, 0, 0, 0, 0, 0]}}, ["areas:", "Anna", "object", "got a list"]),
    ({"areas": {"Anna": {"joker": 3}}}, ["areas for Anna:", "'joker'",
                                         "green, blue, white, red, yellow, construction"]),
    ({"areas": {"Anna": {"pink": 3}}}, ["areas for Anna:", "'pink'"]),
    ({"areas": {"Anna": {"blue": -1}}}, ["Anna's blue area", ">= 0", "-1"]),
    ({"areas": {"Anna": {"blue": 2.5}}}, ["Anna's blue area", "whole number", "2.5"]),
    ({"areas": {"Anna": {"blue": "3"}}}, ["Anna's blue area", "whole number"]),
    ({"areas": {"Anna": {"blue": None}}}, ["Anna's blue area", "whole number"]),
    ({"areas": {"Anna": {"red": 29}}}, ["Anna", "29 red", "28 fields"]),
    ({"previous": {"Anna": 10}}, ['"previous"', "stage 2"]),
    ({"tokens": {"construction": "Anna"}}, ["tokens:", "construction", "no majority token",
                                            "green, blue, white, red, yellow"]),
    ({"tokens": {"joker": "Anna"}}, ["tokens:", "unknown token type", '"joker"']),
    ({"tokens": {"green": "Zoe"}}, ["tokens: green:", "unknown player", '"Zoe"']),
    ({"tokens": ["Anna"]}, ['"tokens"', "object", "got a list"]),
    ({"tokens": {}, "claims": []}, ['"tokens"', '"claims"', "not both"]),
    ({"claims": {}}, ['"claims"', "list", "got an object"]),
    ({"token": {}}, ["unknown key", '"token"', "tokens"]),
])
def test_score_bad_input(capsys, monkeypatch, change, words):
    data = game(THREE, 1, {})
    data.update(change)
    error(capsys, monkeypatch, "score", data, *words)


@pytest.mark.parametrize("missing", ["players", "stage", "areas"])
def test_score_missing_required_key(capsys, monkeypatch, missing):
    data = game(THREE, 1, {})
    del data[missing]
    error(capsys, monkeypatch, "score", data, "missing key", '"%s"' % missing)


def test_score_without_a_game_asks_which_one(capsys, monkeypatch):
    data = game(THREE, 1, {})
    del data["game"]
    error(capsys, monkeypatch, "score", data, "which game?", "--game", "versailles",
          "schlossgarten", '"game" key')


@pytest.mark.parametrize("previous, words", [
    ({"Zoe": 3}, ["previous:", "unknown player", '"Zoe"']),
    ({"Anna": -3}, ["previous:", "Anna", ">= 0", "-3"]),
    ({"Anna": 1.5}, ["previous:", "Anna", "whole number"]),
    ([30, 20, 10], ['"previous"', "object", "got a list"]),
])
def test_score_bad_previous(capsys, monkeypatch, previous, words):
    error(capsys, monkeypatch, "score", game(THREE, 2, {}, previous=previous), *words)


def test_score_area_above_stage2_field_count(capsys, monkeypatch):
    # 14 tiles of 4 fields by the end of the game: 56 is possible, 57 is not
    ok(capsys, monkeypatch, "score", game(THREE, 2, {"Anna": {"construction": 56}}))
    error(capsys, monkeypatch, "score", game(THREE, 2, {"Anna": {"construction": 57}}),
          "57", "56 fields")


@pytest.mark.parametrize("claim, words", [
    ({"player": "Ben", "type": "green", "size": 3}, ["claim 2:", "too small", "at least 4"]),
    ({"player": "Ben", "type": "green", "size": 6}, ["claim 2:", "Anna holds green with 6",
                                                     "tie"]),
    ({"player": "Anna", "type": "green", "size": 6}, ["claim 2:", "already holds", "larger"]),
    ({"player": "Anna", "type": "green", "size": 5}, ["claim 2:", "never shrink"]),
    ({"player": "Zoe", "type": "green", "size": 7}, ["claim 2:", "unknown player", '"Zoe"']),
    ({"player": "Ben", "type": "construction", "size": 7},
     ["claim 2:", "no majority token"]),
    ({"player": "Ben", "type": "joker", "size": 7}, ["claim 2:", "unknown token type"]),
    ({"player": "Ben", "type": "green", "size": -7}, ["claim 2:", ">= 0", "-7"]),
    ({"player": "Ben", "type": "green", "size": "7"}, ["claim 2:", "whole number"]),
    ({"player": "Ben", "type": "green", "size": 29}, ["claim 2:", "28 fields"]),
    ({"player": "Ben", "type": "green"}, ["claim 2:", "missing key", '"size"']),
    ({"player": "Ben", "type": "green", "size": 7, "round": 3},
     ["claim 2:", "unknown key", '"round"']),
    (["Ben", "green", 7], ["claim 2 must be an object", "got a list"]),
])
def test_score_invalid_claim_names_its_index(capsys, monkeypatch, claim, words):
    claims = [{"player": "Anna", "type": "green", "size": 6}, claim]
    areas = {"Anna": {"green": 9}, "Ben": {"green": 7}}
    error(capsys, monkeypatch, "score", game(THREE, 1, areas, claims=claims), *words)


def test_score_holders_must_match_the_areas_tokens(capsys, monkeypatch):
    # check_holders: a non-holder strictly larger than the holder means a missed claim
    areas = dict(SOPHIE_AREAS, Oliver={"yellow": 7})
    error(capsys, monkeypatch, "score", game(FOUR, 1, areas, tokens=SOPHIE_TOKENS),
          "Oliver has 7 yellow", "Sophie's 6", "record the claim")
    # nobody holds a type that someone has 4 or more of
    error(capsys, monkeypatch, "score",
          game(FOUR, 1, SOPHIE_AREAS, tokens={"blue": "Sophie", "yellow": "Sophie"}),
          "Sophie has 9 white", "nobody holds the white token")


def test_score_holders_must_match_the_areas_claims(capsys, monkeypatch):
    areas = dict(SOPHIE_AREAS, Oliver={"yellow": 7})
    error(capsys, monkeypatch, "score", game(FOUR, 1, areas, claims=SOPHIE_CLAIMS),
          "Oliver has 7 yellow", "record the claim")
    error(capsys, monkeypatch, "score", game(FOUR, 1, SOPHIE_AREAS, claims=[]),
          "nobody holds")


def test_score_a_token_holder_has_at_least_4_fields(capsys, monkeypatch):
    error(capsys, monkeypatch, "score", game(THREE, 1, {"Anna": {"red": 3}},
                                             tokens={"red": "Anna"}),
          "Anna holds the red token", "area of 3", "at least 4")


def test_score_areas_never_shrink_below_a_claim(capsys, monkeypatch):
    # the holder's final area is below the size she claimed with
    claims = [{"player": "Anna", "type": "blue", "size": 6}]
    error(capsys, monkeypatch, "score", game(THREE, 1, {"Anna": {"blue": 5}}, claims=claims),
          "Anna's blue area was already 6", "never shrink")
    # an omitted type is 0, below the claim too
    error(capsys, monkeypatch, "score", game(THREE, 1, {"Anna": {"red": 5}}, claims=claims),
          "Anna's blue area was already 6")
    # a former holder's area cannot shrink either
    claims.append({"player": "Ben", "type": "blue", "size": 7})
    error(capsys, monkeypatch, "score",
          game(THREE, 1, {"Anna": {"blue": 5}, "Ben": {"blue": 7}}, claims=claims),
          "Anna's blue area was already 6")


# ---- docs/CLI.md -----------------------------------------------------------------------------

def _doc_examples():
    # Blocks marked <!-- example: NAME input|output --> in docs/CLI.md, by name.
    text = open(DOCS, encoding="utf-8").read()
    blocks = re.findall(r"<!-- example: (\S+) (input|output) -->\s*```json\n(.*?)```", text,
                        re.S)
    out = {}
    for name, part, body in blocks:
        out.setdefault(name, {})[part] = body
    return out


def test_docs_worked_examples_are_real_output(capsys, monkeypatch):
    examples = _doc_examples()
    assert {"areas", "score-stage1", "score-stage2"} <= set(examples)
    for name, parts in examples.items():
        command = name.split("-")[0]
        code, out, err = run(capsys, monkeypatch, command, parts["input"])
        assert (code, err) == (0, ""), (name, err)
        assert out == parts["output"], name
