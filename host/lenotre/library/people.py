"""The roster: the people who play, kept in the library (docs/HOST.md, "People"), sent to the
box at every sync and flash, chosen at setup on the box, recorded by name in the game's
journal. `lenotre players add|list|rename|remove` (docs/CLI.md).

A person has a key (the first name they were added under: BG Stats knows them by it, so it
never changes) and a name (what the box shows). Every name a person ever had stays theirs in
`person_names`: a game recorded as "Anna" counts for Anna after she is renamed "Annie", and
a person removed from the roster keeps the games they played."""
import os
import time

from lenotre.errors import UsageError
from shared_rules import roster

class RosterError(ValueError):
    """A roster change refused: the message says what was wrong and what is allowed."""


class Roster:
    def __init__(self, library):
        self.conn = library.conn
        self.limits = roster  # the box's own limits

    # ---- reading --------------------------------------------------------------------------
    def names(self):
        # -> the names on the roster, in the order they were added: what the box shows
        return [n for (n,) in self.conn.execute(
            "SELECT name FROM people WHERE active=1 ORDER BY rowid")]

    def ever(self):
        """-> whether anyone was ever on this library's roster (removed people count): a
        library that never had anyone has no roster to put on a box."""
        return self.conn.execute("SELECT 1 FROM people LIMIT 1").fetchone() is not None

    def resolve(self, recorded):
        # -> (name now, key) of the person a game recorded as `recorded`; a name the library
        # never had (another desktop's roster) is a person all the same, known by that name
        row = self.conn.execute(
            "SELECT p.name, p.key FROM person_names n JOIN people p ON p.key = n.key "
            "WHERE n.name = ?", (recorded,)).fetchone()
        return (row[0], row[1]) if row else (recorded, recorded)

    def resolver(self):
        # -> {recorded name: (name now, key)} for every name the library knows
        return {n: (name, key) for n, name, key in self.conn.execute(
            "SELECT n.name, p.name, p.key FROM person_names n JOIN people p ON p.key = n.key")}

    # ---- changes --------------------------------------------------------------------------
    def _check(self, name):
        why = self.limits.problem(name)
        if why:
            raise RosterError(why)

    def _owner(self, name):
        # -> (key, name now, active) of whoever had `name` (any case), or None
        return self.conn.execute(
            "SELECT p.key, p.name, p.active FROM person_names n JOIN people p ON p.key = n.key "
            "WHERE n.name = ?", (name,)).fetchone()

    def add(self, name):
        self._check(name)
        owner = self._owner(name)
        if owner and owner[2] and owner[1].lower() == name.lower():
            raise RosterError("%s is on the roster already" % owner[1])
        if owner and owner[2]:
            raise RosterError("%r was a name of %s (renamed): games recorded as %s count for "
                              "%s; choose another name" % (name, owner[1], name, owner[1]))
        if len(self.names()) >= self.limits.MAX:
            raise RosterError("the roster holds at most %d people (the box's limit); remove "
                              "someone first (`lenotre players remove NAME`)" % self.limits.MAX)
        with self.conn:
            if owner:  # back on the roster: the same person, with the games they played
                self.conn.execute("UPDATE people SET active=1, name=? WHERE key=?",
                                  (name, owner[0]))
                self.conn.execute("INSERT OR REPLACE INTO person_names VALUES (?, ?)",
                                  (name, owner[0]))
                return "back"
            self.conn.execute("INSERT INTO people(key, name, active, added) VALUES (?, ?, 1, ?)",
                              (name, name, _now()))
            self.conn.execute("INSERT INTO person_names VALUES (?, ?)", (name, name))
        return "added"

    def _active(self, name):
        row = self.conn.execute("SELECT key, name FROM people WHERE active=1 AND name=? "
                                "COLLATE NOCASE", (name,)).fetchone()
        if not row:
            raise RosterError("%s is not on the roster (`lenotre players list`)" % name)
        return row

    def rename(self, old, new):
        key, old = self._active(old)
        self._check(new)
        owner = self._owner(new)
        if owner and owner[0] != key:
            raise RosterError("%r is %s's name%s; choose another name"
                              % (new, owner[1], "" if owner[2] else " (removed from the "
                                 "roster, with their games)"))
        with self.conn:
            self.conn.execute("UPDATE people SET name=? WHERE key=?", (new, key))
            self.conn.execute("INSERT OR REPLACE INTO person_names VALUES (?, ?)", (new, key))
        return old

    def remove(self, name):
        key, name = self._active(name)
        with self.conn:
            self.conn.execute("UPDATE people SET active=0 WHERE key=?", (key,))
        return name


def _now():
    return time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime())


# ---- `lenotre players` -------------------------------------------------------------------

def add(sub):
    p = sub.add_parser("players", help="the roster of people who play (sent to the box at sync)",
                       description="Keep the roster of people in the library. The box gets it "
                                   "at every sync and flash and asks, at setup, which person "
                                   "plays each colour (or a guest). See docs/CLI.md.")
    p.add_argument("--db", default=None, help="the library's SQLite file")
    acts = p.add_subparsers(dest="action", required=True, metavar="ACTION")
    a = acts.add_parser("add", help="add a person (1-12 characters: printable ASCII and ÄÖÜäöüß)")
    a.add_argument("name", metavar="NAME")
    acts.add_parser("list", help="the roster, in the box's order")
    a = acts.add_parser("rename", help="rename a person; their games follow them")
    a.add_argument("old", metavar="NAME")
    a.add_argument("new", metavar="NEW")
    a = acts.add_parser("remove", help="take a person off the roster; their games keep them")
    a.add_argument("name", metavar="NAME")
    p.set_defaults(run=run)


def run(args):
    from lenotre.library import db
    path = args.db or db.default_path()
    if args.action == "list" and not os.path.isfile(path):
        print("no people yet: `lenotre players add NAME` starts the roster")
        return 0
    # listing only reads: a library in a read-only folder is listed all the same
    library = db.Library(path, create=args.action != "list")
    try:
        roster = Roster(library)
        if args.action == "list":
            names = roster.names()
            for name in names:
                print(name)
            if not names:
                print("no people yet: `lenotre players add NAME` starts the roster")
        elif args.action == "add":
            said = roster.add(args.name)
            print("%s %s; the box gets the roster at the next `lenotre sync`"
                  % (args.name, "is back on the roster" if said == "back" else "added"))
        elif args.action == "rename":
            old = roster.rename(args.old, args.new)
            print("%s is now %s, in past games too; the box gets it at the next sync"
                  % (old, args.new))
        else:
            name = roster.remove(args.name)
            print("%s is off the roster; the games they played keep them" % name)
    except RosterError as exc:
        raise UsageError(str(exc))
    finally:
        library.close()
    return 0
