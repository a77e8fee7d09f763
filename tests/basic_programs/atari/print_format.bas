10 REM numbers as FASC writes them; ; and , as Atari BASIC spaces them
20 PRINT 1,2,3
30 PRINT "ABCDEFGHIJ",1;"X"
40 PRINT 7/4;" ";-3;" ";1/8;" ";100*100*100*100*100
50 PRINT 0.01;" ";0.001;" ";1E-5;" ";1.5E-7;" ";12345678912
60 PRINT 2/3;" ";-2/3
70 ? "SHORT";:? "HAND"
80 PRINT
90 PRINT "END"
100 PRINT 1E97*10
