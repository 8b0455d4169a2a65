import ArgumentParser

/// The root of the `pbtool` command tree; each group lives in its own folder.
struct PBToolCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pbtool",
        abstract: "Smart cards, match-on-card biometrics and swipe fingerprint sensors on Linux.",
        discussion: """
            Exit codes are the same for every command; see docs/exit-codes.md.
            """,
        version: "0.1.0",
        subcommands: [
            CardCommand.self,
            APDUCommand.self,
            SensorCommand.self,
            ImageCommand.self,
            SynthCommand.self,
            DBCommand.self,
            IDStoreCommand.self,
            EnrollCommand.self, VerifyCommand.self, IdentifyCommand.self, PracticeCommand.self, FingersCommand.self, ExportCommand.self,
            TemplateCommand.self,
            ServiceCommand.self,
            BenchCommand.self,
        ]
    )
}
