"""Every model change has its migration."""

import pytest
from django.core.management import call_command


@pytest.mark.django_db
def test_no_missing_migrations():
    # Exits non-zero (SystemExit) when a model has changes without a migration.
    call_command("makemigrations", "--check", "--dry-run", verbosity=0)
