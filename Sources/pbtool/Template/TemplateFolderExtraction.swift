import Foundation
import ImageCodecs
import TerminalUI

/// `template extract FOLDER --out FOLDER`: one template per image of a folder, named after the
/// image (`101_1.tif` → `101_1.iso`), with a progress bar. An image that fails is reported and the
/// others are still extracted; the exit status is then the first failure's.
struct TemplateFolderExtraction {
    let folder: String
    let output: String
    let command: TemplateExtractCommand

    /// Whether `path` names a folder.
    static func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// What `--json` prints.
    struct Report: Encodable {
        struct Failure: Encodable {
            let image: String
            let error: String
        }

        let folder: String
        let out: String
        var images: [ExtractionSummary] = []
        var failed: [Failure] = []
    }

    func run() throws {
        let names = try imageNames()
        try createOutputFolder()
        let progress = ProgressBar.command("extracting", unit: "images", total: names.count, quiet: command.json)
        defer { progress.finish() }
        var report = Report(folder: folder, out: output)
        var firstFailure: ErrorReport?
        for name in names {
            let image = (folder as NSString).appendingPathComponent(name)
            do {
                let summary = try command.extract(image, to: (output as NSString).appendingPathComponent(templateName(for: name)))
                report.images.append(summary)
                progress.advance()
                if !command.json { progress.printAbove { print(summary.folderLine) } }
            } catch {
                let failure = ErrorReport(error)
                firstFailure = firstFailure ?? failure
                report.failed.append(Report.Failure(image: image, error: failure.message))
                progress.advance()
                progress.printAbove { printError("pbtool: \(failure.message)") }
            }
        }
        progress.finish()
        if command.json { try JSONOutput.print(report) } else {
            print("wrote \(report.images.count) \(command.format.rawValue) template(s) to \(output)")
        }
        if let firstFailure {
            throw CommandFailure(firstFailure.status, "\(report.failed.count) of \(names.count) images in \(folder) were not extracted")
        }
    }

    /// The image files of the folder (by extension), sorted; two that would give the same
    /// template name are refused before anything is written.
    private func imageNames() throws -> [String] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder)
        } catch {
            throw CommandFailure(.usage, "\(folder): cannot list the folder (\(error.localizedDescription))")
        }
        let images = names.filter { !$0.hasPrefix(".") && ImageFormat(path: $0) != nil }.sorted()
        guard !images.isEmpty else {
            throw CommandFailure(.usage, "\(folder) holds no image files (\(ImageFormat.extensions))")
        }
        if let clash = Dictionary(grouping: images, by: templateName).values.first(where: { $0.count > 1 }) {
            throw CommandFailure(.usage, "\(folder): \(clash.sorted().joined(separator: " and ")) would both be written to "
                                 + templateName(for: clash[0]))
        }
        return images
    }

    private func templateName(for image: String) -> String {
        (image as NSString).deletingPathExtension + "." + command.format.fileExtension
    }

    private func createOutputFolder() throws {
        do {
            try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        } catch {
            throw CommandFailure(.usage, "cannot create the folder \(output): \(error.localizedDescription)")
        }
    }
}

extension ExtractionSummary {
    /// One line per image of a folder.
    var folderLine: String { "\(image) → \(out): \(minutiae) minutiae, quality \(quality)" }
}
