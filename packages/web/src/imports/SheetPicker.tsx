/** The wizard's sheet choices for a workbook of several sheets: which to import, and which one is previewed. */
import { Checkbox } from 'antd';
import { Select } from '../components/still-pickers';
import { useTranslation } from 'react-i18next';
import { inTabOrder, type WorkbookChoice } from './sheet-choices';

export function SheetPicker({
  workbook,
  onChoose,
  onShow,
}: {
  workbook: WorkbookChoice;
  onChoose: (chosen: string[]) => void;
  onShow: (sheet: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-2" data-testid="import-sheets">
      <div className="flex flex-wrap items-center gap-2">
        <span>{t('import.sheetsToImport')}</span>
        <Checkbox.Group
          value={workbook.chosen}
          options={workbook.sheets.map((s) => ({ value: s, label: s }))}
          onChange={(chosen) => onChoose(inTabOrder(workbook.sheets, chosen as string[]))}
        />
      </div>
      <label className="flex items-center gap-2">
        {t('import.sheetShown')}
        <Select
          size="small"
          className="min-w-48"
          value={workbook.shown}
          data-testid="import-sheet-shown"
          options={workbook.sheets.map((s) => ({ value: s, label: s }))}
          onChange={onShow}
        />
      </label>
    </div>
  );
}
