;
; ai_home.s -- the home chain of the Axis depots: the twin of
; kotd.engine.ai_good's GoodAI._home_chain, for place_depot (ai_depot.s).  A file of
; its own so that the build may put it in the other code region (tools/kotd/build/
; opponent.py place): ai_depot.s's has no room for it.  Part of the opponent's code
; (docs/ai.md "The 6502 twin", "Depots"); emu_tests/test_ai_depot.py and the replays
; tie it to Python.
;

;
; depot_held -- does the home chain hold the depot in hand?  While Tobruk is the
; Axis's and the chain needs it (a valid depot that is not linked to El Agheila
; without Tobruk), the depots that are (depot_valid with Tobruk counted the
; Allies') stay where they are: should Tobruk fall, they are still the army's
; sources.
;
; In:       DS_SIDE, DS_VALID (the valid depots), DS_BIT; CONTROL (Tobruk's)
; Out:      A = nonzero (Z clear): it is held; 0 (Z set): it is not
; Clobbers: X, Y, flags; as depot_valid (Tobruk's control put back)
;
depot_held:
.scope
    lda DS_SIDE                     ; SIDE_AXIS is 0 (and CONTROL holds a side): the
    ora CONTROL+TOBRUK_TOWN         ; Allies, or a Tobruk not the Axis's, hold none
    bne _none
    lda #SIDE_ALLIED
    sta CONTROL+TOBRUK_TOWN
    jsr depot_valid                 ; the depots linked without Tobruk
    ldx #SIDE_AXIS
    stx CONTROL+TOBRUK_TOWN
    tax
    eor #$FF
    and DS_VALID
    beq _out                        ; every valid depot is: the chain needs no Tobruk
    txa
    and DS_BIT
    rts
_none:
    lda #0
_out:
    rts
.scend
