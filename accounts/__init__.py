"""User accounts: the custom user model, in place from the first migration."""
