"""The booklet's Tournament variant: hands, schedule, results, standings and PDF sheets."""
