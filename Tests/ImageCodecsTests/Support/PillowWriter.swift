import Foundation
import TestSupport

/// Python's Pillow as an independent writer of files whose two axes state different resolutions
/// (pbtool's encoders write one resolution for both).
enum PillowWriter {
    /// Writes a gray picture `width × height` pixels big, dark at the top and light at the bottom,
    /// in Pillow's `format` ("TIFF", "PNG", "BMP", "JPEG"), stating `dpi` across and `verticalDPI` down.
    static func writeRamp(to path: String, format: String, width: Int, height: Int,
                          dpi: Double, verticalDPI: Double) throws {
        let script = """
            import sys
            from PIL import Image
            path, fmt, width, height, x, y = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), \
                float(sys.argv[5]), float(sys.argv[6])
            image = Image.new('L', (width, height))
            image.putdata([row * 255 // max(1, height - 1) for row in range(height) for _ in range(width)])
            image.save(path, fmt, dpi=(x, y))
            """
        try ToolProcess.check(["python3", "-c", script, path, format, String(width), String(height),
                               String(dpi), String(verticalDPI)])
    }
}
