10 REM a GOSUB that never returns fills the 6502 stack: ?OUT OF MEMORY at the 25th
20 D=D+1:GOSUB 30
30 PRINT D;" ";:GOTO 20
