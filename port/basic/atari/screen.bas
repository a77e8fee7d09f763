' The Atari's screen: GRAPHICS 0 opens a clear text screen.

clear_screen:
    GRAPHICS 0
    RETURN
