import ArgumentParser

/// `pbtool template`: extract, inspect and compare fingerprint templates.
struct TemplateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "template",
        abstract: "Extract minutiae templates from images, inspect them and compare two fingerprints.",
        discussion: """
            Formats: iso (ISO/IEC 19794-2:2005 record), ansi (ANSI INCITS 378-2004), compact (ISO \
            compact card format, at most 60 minutiae) and host (pbtool's own format, which also keeps the \
            foreground map the host matcher uses). Input templates are recognised by their bytes.
            See docs/template.md.
            """,
        subcommands: [TemplateExtractCommand.self, TemplateInfoCommand.self, TemplateMatchCommand.self]
    )
}

/// Parsing of the options the template and bench commands share.
enum FingerprintArguments {
    static func dpi(_ text: String) throws -> Double {
        guard let value = Double(text), value.isFinite, (100...2_000).contains(value) else {
            throw ValidationError("--dpi must be a resolution between 100 and 2000, not '\(text)'")
        }
        return value
    }

    static func falseMatchRate(_ text: String) throws -> Double {
        guard let value = Double(text), value.isFinite, value > 0, value < 1 else {
            throw ValidationError("--fmr must be a rate between 0 and 1 (e.g. 1e-4), not '\(text)'")
        }
        return value
    }
}
