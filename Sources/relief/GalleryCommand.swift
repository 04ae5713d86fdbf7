import ReliefSpec

/// `relief gallery`: every picture of the gallery (`Showcase`), one line each, tab-separated: its
/// style, a file name, its render query and a caption. scripts/render-gallery.sh renders them.
enum GalleryCommand {
    static let usage = """
        usage: relief gallery
          prints every picture of the gallery: style, file name, query and caption, tab-separated
        """

    static func run() {
        for picture in Showcase.pictures {
            let caption = picture.group.title + ": " + picture.entry.caption
            print([picture.style.rawValue, picture.name, picture.query, caption].joined(separator: "\t"))
        }
    }
}
