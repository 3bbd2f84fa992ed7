# The firmware's version: the menu's Version line shows it, the sync link's HELLO reports it.
VERSION = "0.1"
