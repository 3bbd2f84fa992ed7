"""Le Nôtre's desktop tool: commands/ (the CLI), device/ (the box on the desktop: builds,
the image, the simulators), link/ (the USB serial link: flash, sync), library/ (the synced
games, their exports and report), games/ (each game's own pages, charts and sheets), draw/
(the drawing the games share), shims/ (MicroPython's modules for the firmware run on
CPython). docs/ARCHITECTURE.md."""
__version__ = "0.1.0"  # the one place: pyproject.toml reads it
