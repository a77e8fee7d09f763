' The Apple's screen: TEXT mode, cleared.

clear_screen:
    TEXT : HOME
    ' The call block's addresses the byte-argument engine calls use (docs/basic.md "ENGINE").
    call_arg1 = {CALL_ARGS} : call_arg2 = {CALL_ARGS+2} : call_arg3 = {CALL_ARGS+4} : call_arg4 = {CALL_ARGS+6} : call_argc = {CALL_ARGC} : call_result = {CALL_RESULT} : call_result_hi = {CALL_RESULT+1}
    RETURN
