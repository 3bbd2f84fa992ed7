"""The bill of materials, hardware/bom.csv."""
import csv
import os

PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "bom.csv")
COLUMNS = ["part", "value", "quantity", "example_part_number", "unit_price_eur", "optional", "notes"]


def read(path=PATH):
    with open(path, newline="", encoding="utf-8") as f:
        r = csv.DictReader(f)
        if r.fieldnames != COLUMNS:
            raise ValueError("bom: columns must be %s, not %s" % (COLUMNS, r.fieldnames))
        rows = list(r)
    for i, row in enumerate(rows, 2):
        row["quantity"] = int(row["quantity"])
        row["unit_price_eur"] = float(row["unit_price_eur"])
        if row["quantity"] < 1 or row["unit_price_eur"] < 0 or row["optional"] not in ("yes", "no"):
            raise ValueError("bom: line %d: bad quantity, price or optional flag" % i)
    return rows


def cost(rows, optional=False):
    return sum(r["quantity"] * r["unit_price_eur"] for r in rows if optional or r["optional"] == "no")


def table(rows):
    """The parts list of the guide, in Markdown."""
    out = ["| Part | Value | Qty | Example | ≈ € each | Notes |", "|---|---|---:|---|---:|---|"]
    for r in rows:
        opt = "*Optional.* " if r["optional"] == "yes" else ""
        out.append("| %s | %s | %d | %s | %.2f | %s%s |" % (
            r["part"], r["value"], r["quantity"], r["example_part_number"], r["unit_price_eur"],
            opt, r["notes"]))
    out.append("")
    out.append("About %.0f € for the box, %.0f € with every option." % (cost(rows), cost(rows, True)))
    return "\n".join(out)
