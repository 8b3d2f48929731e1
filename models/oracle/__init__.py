"""Oracle text → frozen data: every place the project reads a card's rules text.

Each module reads one kind of sentence with exact templates; a sentence on its topic that
matches no template is returned as `NotUnderstood` (reported, never guessed).  Nothing
here looks at a board, and nothing here imports `manasolve.models.cards`: a `Card` holds
what these modules read from its text (parsed once, on first use).
"""
