import ArgumentParser
import BiometricFormats
import Biometry
import Files
import Foundation
import Glibc
import ImageCodecs
import SmartCard
import TemplateStore

/// `pbtool export --capture`: one swipe, sealed for a backend server.
struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Capture a swipe and write it as an encrypted package for a backend server.",
        discussion: """
            --capture takes one swipe that passes the enrollment minimums and writes a JSON \
            package: the image (WSQ at 0.75 bits per pixel unless --image-format says JPEG at \
            quality 90 or lossless JPEG 2000), its ISO/IEC 19794-2 template, quality and capture \
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

    @Option(name: .customLong("image-format"), help: ArgumentHelp("The image's format in the package: wsq, jpeg or jp2.", valueName: "format"),
            transform: ImageArguments.format)
    var imageFormat: ImageFormat = .wsq

    @OptionGroup var sensor: FlowSensorOptions
    @OptionGroup var gates: GateOptions
    @OptionGroup var output: FlowOutputOptions

    func validate() throws {
        guard capture else { throw ValidationError("say what to export: --capture") }
        guard CapturePackage.imageFormats.contains(imageFormat) else {
            throw ValidationError("--image-format must be wsq, jpeg or jp2 (a package holds a compressed image)")
        }
    }

    func run() async throws {
        let recipient = try readRecipient()
        let destination = try CommandOutput(out, force: force, role: "package file")
        let runner = try output.runner()
        let device = try sensor.makeSensor(impressions: 1...1)
        var configuration = CaptureController.Configuration(finger: finger)
        configuration.gates = gates.gates(.enrollment)
        configuration.timeout = sensor.swipeTimeout(configuration.timeout)
        let outcome = try await runner.run(CaptureController(configuration: configuration, sensor: device,
                                                             engine: RecognitionEngine(threshold: .unused)))
        guard case .captured(let captured) = outcome else { return try FlowEnding.finish(outcome) }
        let package = try CapturePackage.seal(try CapturePackage.contents(of: captured, imageFormat: imageFormat), to: recipient)
        try destination.deliver(Array(try JSONOutput.data(package)) + [0x0A])
        if !output.json && !output.quiet && out != "-" { print("Wrote the encrypted capture package \(out).") }
    }

    private func readRecipient() throws -> RSAPublicKey {
        let pem = try InputFile.read(encryptTo, role: "backend key", limit: 1 << 20)
        do {
            return try RSAPublicKey(pem: pem)
        } catch let error as RSAKeyError {
            throw CommandFailure(.usage, "\(encryptTo): \(error)")
        }
    }
}
