"""The game as data: mana and cost symbols, cards and abilities, oracle parser, card loaders, boards. Never imports the solver."""
