"""The player's guide (docs/guide/, issue 22): a page for every game the box keeps, made from
that game's own screenshots; every picture a page shows is there, and every picture made for
the guide is shown on a page (a shot no page uses would go stale unseen). The pictures
themselves come from docs/guide/make.py, which checks each screen's text as it shoots."""
import os
import re

from shared_rules import games

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GUIDE = os.path.join(ROOT, "docs", "guide")
SCREENS = os.path.join(ROOT, "docs", "screens")
SHOTS = os.path.join(GUIDE, "shots")
IMAGE = re.compile(r"!\[[^\]]*\]\(([^)\s]+)\)")
LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s#]+)\)")
INDEX = "README.md"
SHARED = "box"  # the page of the screens every game shares


def _pages():
    # -> {page file name: its text}
    out = {}
    for name in sorted(os.listdir(GUIDE)):
        if name.endswith(".md"):
            with open(os.path.join(GUIDE, name), encoding="utf-8") as f:
                out[name] = f.read()
    return out


def _shown(text):
    # -> the pictures a page shows, as paths from the repository's root
    return [os.path.relpath(os.path.normpath(os.path.join(GUIDE, target)), ROOT)
            for target in IMAGE.findall(text)]


def test_every_registered_game_has_a_page_and_its_shots():
    names = games.names()
    assert names, "no game registered"
    missing = [g for g in names if not os.path.isfile(os.path.join(GUIDE, g + ".md"))]
    assert missing == [], "docs/guide/ has no page for %s" % missing
    unshot = [g for g in names if not os.path.isfile(os.path.join(SHOTS, g + ".py"))]
    assert unshot == [], "docs/guide/shots/ makes no screenshots of %s" % unshot


def test_each_game_page_shows_that_games_screens():
    pages = _pages()
    for g in games.names():
        own = os.path.join("docs", "screens", g) + os.sep
        shown = _shown(pages[g + ".md"])
        assert [p for p in shown if p.startswith(own)], \
            "docs/guide/%s.md shows none of %s's screens" % (g, g)


def test_every_picture_a_page_shows_is_there():
    missing = ["%s: %s" % (page, path) for page, text in _pages().items()
               for path in _shown(text) if not os.path.isfile(os.path.join(ROOT, path))]
    assert missing == [], "the guide shows pictures that are not there: %s" % missing


def test_every_guide_picture_is_shown_on_a_page():
    shown = {path for text in _pages().values() for path in _shown(text)}
    folders = [SHARED] + games.names()
    unused = []
    for folder in folders:
        where = os.path.join(SCREENS, folder)
        for name in sorted(os.listdir(where)) if os.path.isdir(where) else ():
            path = os.path.join("docs", "screens", folder, name)
            if name.endswith(".png") and path not in shown:
                unused.append(path)
    assert unused == [], "pictures no guide page shows: %s" % unused


def test_the_links_between_pages_lead_somewhere():
    pages = _pages()
    broken = ["%s: %s" % (page, target) for page, text in pages.items()
              for target in LINK.findall(text)
              if "://" not in target and not os.path.exists(os.path.join(GUIDE, target))]
    assert broken == [], "the guide links to what is not there: %s" % broken
    linked = set(LINK.findall(pages[INDEX]))
    unlisted = [p for p in pages if p != INDEX and p not in linked]
    assert unlisted == [], "docs/guide/README.md does not list %s" % unlisted


def test_the_readme_leads_to_the_guide():
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        assert "(docs/guide/README.md)" in f.read()
