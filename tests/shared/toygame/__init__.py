# A toy game used only in tests: it proves the game-neutral seam end to end (rules core,
# journal records, device flow, sync) with a game that is not Versailles.
