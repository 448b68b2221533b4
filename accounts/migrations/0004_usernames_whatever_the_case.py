"""A username names one account whatever its case, in the database too.

Sign-in and sign-up already find usernames whatever their case (allauth, with
ACCOUNT_PRESERVE_USERNAME_CASING); this makes the database refuse a second `Alice` beside
`alice` made any other way (/admin/, the shell). Accounts that already differ only by case
stop the migration, named, rather than being merged or renamed here: neither of them can
sign in by username (the name finds two accounts), and only their owners know which one to
keep. Rename all but one in /admin/, then migrate again.

The addresses typed in /admin/ (`User.email`) are put in lower case, as allauth stores every
address, so that sign-in and sign-up find them whatever the case they were typed with.

The unique index is on the users' table, which belongs to Django's `auth` app: it is made
here, outside that app's migration state. On SQLite, a later migration of `auth` that
rebuilds the table would drop it; PostgreSQL keeps it.
"""

from django.conf import settings
from django.db import migrations, models
from django.db.models import Count
from django.db.models.functions import Lower

CONSTRAINT = "auth_user_username_whatever_the_case"


def _constraint() -> models.UniqueConstraint:
    return models.UniqueConstraint(Lower("username"), name=CONSTRAINT)


def usernames_whatever_the_case(apps, schema_editor):
    User = apps.get_model(settings.AUTH_USER_MODEL)
    folded = User.objects.annotate(folded=Lower("username"))
    clashes = list(
        folded.values("folded").annotate(count=Count("pk")).filter(count__gt=1).values_list(
            "folded", flat=True
        )
    )
    if clashes:
        names = folded.filter(folded__in=clashes).order_by("folded", "pk")
        listed = ", ".join(f"{user.username} (id {user.pk})" for user in names)
        raise RuntimeError(
            "These accounts have usernames that differ only by case, and a username must "
            f"name one account: {listed}. Rename all but one of each in /admin/, then run "
            "migrate again."
        )
    for pk, email in User.objects.exclude(email="").values_list("pk", "email").iterator():
        if email != email.lower():
            User.objects.filter(pk=pk).update(email=email.lower())
    schema_editor.add_constraint(User, _constraint())


def usernames_as_before(apps, schema_editor):
    User = apps.get_model(settings.AUTH_USER_MODEL)
    schema_editor.remove_constraint(User, _constraint())


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0003_invitation"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
        # After every migration of the users' table there is: on SQLite each rebuilds the
        # table, and the index made here with it.
        ("auth", "0012_alter_user_first_name_max_length"),
    ]

    operations = [migrations.RunPython(usernames_whatever_the_case, usernames_as_before)]
