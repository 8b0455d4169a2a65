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
