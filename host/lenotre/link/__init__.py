"""The USB serial link to the box: the port, flashing, and the sync protocol."""
