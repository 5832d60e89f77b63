#!/usr/bin/python3
"""check_schema.py - validates JSON files against a JSON Schema (draft 7),
with Debian's python3-jsonschema (scripts/install-deps installs it).

    check_schema.py SCHEMA FILE...            exit 0 when every FILE is valid
    check_schema.py --invalid SCHEMA FILE...  exit 0 when every FILE is refused

Prints one line per file that did not do what was asked, with the schema's
first complaint; exit 1 then, 2 on bad usage or a file that is not JSON.
Run with /usr/bin/python3: a python3 earlier on PATH may lack the module.
"""
import json
import sys

try:
    import jsonschema
except ImportError:
    print("check_schema.py: no module jsonschema: install python3-jsonschema "
          "(scripts/install-deps)", file=sys.stderr)
    sys.exit(2)


def load(path):
    try:
        with open(path, encoding="utf-8") as stream:
            return json.load(stream)
    except (OSError, ValueError) as error:
        print(f"check_schema.py: {path}: {error}", file=sys.stderr)
        sys.exit(2)


def main(arguments):
    expect_valid = True
    if arguments and arguments[0] == "--invalid":
        expect_valid = False
        arguments = arguments[1:]
    if len(arguments) < 2:
        print("usage: check_schema.py [--invalid] SCHEMA FILE...",
              file=sys.stderr)
        return 2
    schema = load(arguments[0])
    validator = jsonschema.Draft7Validator(schema)
    failed = 0
    for path in arguments[1:]:
        errors = sorted(validator.iter_errors(load(path)), key=str)
        if expect_valid and errors:
            where = "/".join(str(part) for part in errors[0].absolute_path)
            print(f"{path}: not valid against {arguments[0]} at "
                  f"'{where}': {errors[0].message}")
            failed += 1
        elif not expect_valid and not errors:
            print(f"{path}: valid against {arguments[0]}, but should not be")
            failed += 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
