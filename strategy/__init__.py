"""The rules of Admiralty, pure Python: cards, ships, combat, the chase, the summer campaign."""
