# A game's events as the box keeps them (EventLog.pack): each one packed as the journal
# writes it (records.py: ["C",0,"white",5], canonical JSON) into byte runs, and decoded when
# it is read. A decoded event is a dict of 3 to 6 keys: on the unix port about 150 bytes of
# heap, packed about 20; a 4-player game of Sanssouci or Gardens holds 100 to 150 of them.
# Runs of RUN bytes, not one buffer grown by reallocation: a heap in pieces has room for
# small blocks long after it has none for a big one. List-like where the box and the rules
# use the events: len, [i] (negative too), [a:b] (a list), iteration, append, pop, copy, ==.
from shared_rules.codec import decode, encode
from shared_rules.records import pack, unpack

RUN = 256  # bytes a run holds; a longer record (a setup with many names) gets a run of its own
NL = 10  # b"\n" ends each record in a run


class Packed:
    def __init__(self, game, events=()):
        self.game = game  # the registry name: which record table packs its events
        self.runs = []  # type: list  # [bytearray, ...]: records, each ended by NL
        self.used = []  # type: list  # bytes used in each run
        self.counts = []  # type: list  # records in each run
        self.n = 0
        for ev in events:
            self.append(ev)

    def __len__(self):
        return self.n

    def append(self, event):
        text = encode(pack(event, self.game)).encode()
        need = len(text) + 1
        if not self.runs or self.used[-1] + need > len(self.runs[-1]):
            self.runs.append(bytearray(max(RUN, need)))
            self.used.append(0)
            self.counts.append(0)
        run, at = self.runs[-1], self.used[-1]
        run[at:at + len(text)] = text
        run[at + len(text)] = NL
        self.used[-1] = at + need
        self.counts[-1] += 1
        self.n += 1

    def pop(self):
        # -> the last event, taken off
        if not self.n:
            raise IndexError("pop from an empty event list")
        event = self[-1]
        run, at = self.runs[-1], self.used[-1] - 1
        while at > 0 and run[at - 1] != NL:
            at -= 1
        self.used[-1] = at
        self.counts[-1] -= 1
        self.n -= 1
        if not self.counts[-1]:
            self.runs.pop()
            self.used.pop()
            self.counts.pop()
        return event

    def __getitem__(self, i):
        if type(i) is slice:  # rare (tests, tools): the list's own slicing
            return list(self)[i]
        if i < 0:
            i += self.n
        if not 0 <= i < self.n:
            raise IndexError("event index out of range")
        r = 0
        while i >= self.counts[r]:
            i -= self.counts[r]
            r += 1
        run, at = self.runs[r], 0
        while i:
            if run[at] == NL:
                i -= 1
            at += 1
        end = at
        while run[end] != NL:
            end += 1
        return unpack(decode(bytes(memoryview(run)[at:end])), self.game)

    def __iter__(self):
        for r in range(len(self.runs)):
            run, at = self.runs[r], 0
            for _ in range(self.counts[r]):
                end = at
                while run[end] != NL:
                    end += 1
                yield unpack(decode(bytes(memoryview(run)[at:end])), self.game)
                at = end + 1

    def copy(self):
        return Packed(self.game, self)

    def __eq__(self, other):
        return len(self) == len(other) and list(self) == list(other)
