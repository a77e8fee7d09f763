10 REM a GOSUB that never returns fills free memory: error 2
20 TRAP 100:D=D+1:GOSUB 20
100 PRINT PEEK(195);" ";D>1000
