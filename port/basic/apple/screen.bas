' The Apple's screen: TEXT mode, cleared.

clear_screen:
    TEXT : HOME
    RETURN
