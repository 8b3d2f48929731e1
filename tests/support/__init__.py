"""What the tests share, and nothing else: test modules import helpers only from here
(never from another test module).

- `boards`: the one board builder (`board`, `loaded`, `board_a`) and shared boards;
- `inline`: test cards of our own given inline, and the board builder using them;
- `bruteforce`: the independent brute-force enumerator of payments;
- `properties`: random boards and costs, and the comparison of solver groups and ``--best``
  with the brute force;
- `parts`: non-mana cost parts counted independently;
- `paying`: the payment solver's answer as JSON, `tapped`;
- `commands`: the command line run in-process; `paths`: where the dev cards are;
- `fuzz_cases`, `fuzz_doors`: fuzzed input for every door (benchmarks/fuzz.py runs more).
"""
