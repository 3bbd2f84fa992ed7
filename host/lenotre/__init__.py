"""Le Nôtre desktop tool: simulate, score, and (later) flash, sync, export, report."""
__version__ = "0.1.0"
