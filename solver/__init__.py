"""The questions: could-produce, total cost, payment enumeration and counting, best payment, legal plays."""
