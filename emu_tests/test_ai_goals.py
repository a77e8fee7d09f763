

def test_zz_cycles_report(capsys):
    """(Prints ai_plan_moves's cycles over the plans checked in this run.)"""
    if CYCLES:
        with capsys.disabled():
            print(f"\nai_plan_moves: {len(CYCLES)} plans, cycles worst {max(CYCLES):,}, "
                  f"mean {sum(CYCLES) // len(CYCLES):,}")
