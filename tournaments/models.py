"""Tournament structure and standings (models arrive with the tournaments issue)."""
