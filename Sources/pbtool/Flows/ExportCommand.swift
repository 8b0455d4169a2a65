import ArgumentParser
import BiometricFormats
import Biometry
import Foundation
import Glibc
import SmartCard
import TemplateStore

/// `pbtool export --capture`: one swipe, sealed for a backend server.
struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Capture a swipe and write it as an encrypted package for a backend server.",
        discussion: """
            --capture takes one swipe that passes the enrollment minimums and writes a JSON \
            package: the image as WSQ, its ISO/IEC 19794-2 template, quality and capture \
            metadata, encrypted with AES-256-GCM under a fresh key that is wrapped with the \
            backend's RSA public key (RSA-OAEP with SHA-256). Only the holder of the private key \
            can open it; docs/export.md shows how.

            Exit codes: 0 written, 1 too many unusable swipes, 2 usage (bad key file, existing \
            output), 7 no finger in time, 8 no sensor, 130 cancelled.

            Example:
              pbtool export --capture --encrypt-to backend.pem --out pkg.json --sensor sim:synthetic:7
            """
    )

    @Flag(help: "Export a new capture (the only kind of export so far).")
    var capture = false

    @Option(name: .customLong("encrypt-to"), help: ArgumentHelp("The backend's RSA public key or certificate (PEM).", valueName: "pem"))
    var encryptTo: String

    @Option(help: ArgumentHelp("The package file to write (mode 0600), or - for standard output.", valueName: "file"))
    var out: String

    @Flag(help: "Replace an existing package file.")
    var force = false

    @Option(help: "The finger to ask for (recorded in the package).")
    var finger: Finger?

    @OptionGroup var sensor: FlowSensorOptions
    @OptionGroup var gates: GateOptions
    @OptionGroup var output: FlowOutputOptions

    func validate() throws {
        guard capture else { throw ValidationError("say what to export: --capture") }
    }

    func run() async throws {
        let recipient = try readRecipient()
        let runner = try output.runner()
        let device = try sensor.makeSensor(impressions: 1...1)
        var configuration = CaptureController.Configuration(finger: finger)
        configuration.gates = gates.gates(.enrollment)
        configuration.timeout = sensor.swipeTimeout(configuration.timeout)
        let outcome = try await runner.run(CaptureController(configuration: configuration, sensor: device,
                                                             engine: RecognitionEngine(threshold: .unused)))
        guard case .captured(let captured) = outcome else { return try FlowEnding.finish(outcome) }
        let package = try CapturePackage.seal(try CapturePackage.contents(of: captured), to: recipient)
        try TemplateFileIO.write(SecretBytes(copying: Array(try JSONOutput.data(package)) + [0x0A]), to: out, force: force)
        if !output.json && !output.quiet && out != "-" { print("Wrote the encrypted capture package \(out).") }
    }

    private func readRecipient() throws -> RSAPublicKey {
        guard let data = FileManager.default.contents(atPath: encryptTo) else {
            throw CommandFailure(.usage, "cannot read the backend key \(encryptTo)")
        }
        do {
            return try RSAPublicKey(pem: [UInt8](data))
        } catch let error as RSAKeyError {
            throw CommandFailure(.usage, "\(encryptTo): \(error)")
        }
    }
}
