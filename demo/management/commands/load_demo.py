from django.core.management.base import BaseCommand

from demo.loader import load_demo


class Command(BaseCommand):
    help = "Create the demo commissioner, coaches and league. Safe to run again."

    def handle(self, *args, **options) -> None:
        load_demo(lambda line: self.stdout.write(line))
