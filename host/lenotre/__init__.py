"""Le Nôtre's desktop tool: commands/ (the CLI), device/ (the box on the desktop), link/ (the
USB serial link: flash, sync), library/ (the synced games). docs/ARCHITECTURE.md."""
__version__ = "0.1.0"  # the one place: pyproject.toml reads it
