"""The player's guide's screenshots (docs/guide/make.py runs them): one module a page, each
playing a game on the simulated box through its five buttons and photographing the screens
that page explains, in the order a table meets them."""
