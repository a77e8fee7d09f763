' The example program's flow, the same on both machines: the screen and the engine
' call differ, in atari/ and apple/ (docs/basic.md).

start:
    GOSUB @clear_screen
    abi_version = ENGINE(ENGINE_INFO)
    IF abi_version <> {ABI_VERSION} THEN PRINT "NO ENGINE (ANSWER ";abi_version;")":END
    PRINT "ENGINE ABI VERSION ";abi_version

    ' Two hexes of the map, and the distance between them.
    from_col = 3 : from_row = 4
    to_col = 10 : to_row = 12
    distance = ENGINE(HEX_DISTANCE, from_col, from_row, to_col, to_row)
    GOSUB @check_engine_status
    PRINT "HEXES (";from_col;",";from_row;") TO (";to_col;",";to_row;"): ";distance

    ' A wrong call: direction 7 does not exist; the engine answers an error code.
    neighbour = ENGINE(HEX_NEIGHBOUR, from_col, from_row, 7)
    GOSUB @check_engine_status
    END
