"""The box on the desktop: the simulator's client, the virtual Pico, scripted play, the PNG of
a screen, and the firmware's build for the box (mpy-cross)."""
